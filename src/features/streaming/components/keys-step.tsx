import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { useIngestUrl, useWhipUrl } from '../api/ingest';
import type { Stream } from '../api/stream';
import type { SignalForm, StreamForm } from '../lib/form';
import { type FormErrors, mixedResolutions, SIGNAL_NAME_MAX, SIGNALS_MAX } from '../lib/validate';
import { useErrorText } from './fields/controls';
import { PlusIcon } from './icons';
import { StreamKey } from './stream-key';
import * as css from './streaming.css';

/** Step 4 (Keys): the signals, each with its own key, and the stream's general key. Keys exist once the
 * stream does: a new stream gets them on creation. */
export function KeysStep({
  form,
  set,
  errors,
  stream,
  onStreamChanged,
}: {
  form: StreamForm;
  set: (patch: Partial<StreamForm>) => void;
  errors: FormErrors;
  stream?: Stream;
  onStreamChanged: (stream: Stream) => void;
}) {
  const { t } = useLingui();
  const ingestUrl = useIngestUrl();
  const whipUrl = useWhipUrl();
  const error = useErrorText(errors);
  const signals = form.signals;
  const setSignal = (i: number, patch: Partial<SignalForm>) =>
    set({ signals: signals.map((s, j) => (i === j ? { ...s, ...patch } : s)) });

  return (
    <div className={layout.page}>
      {stream ? (
        <section className={formStyles.fieldset} aria-labelledby="general-key">
          <h3 id="general-key" className={css.legend}>
            <Trans>Chave geral da transmissão</Trans>
          </h3>
          <p className={layout.muted}>
            <Trans>Servidor RTMP:</Trans>{' '}
            {ingestUrl === null ? (
              <Trans>indisponível neste servidor</Trans>
            ) : (
              <code>{ingestUrl ?? '…'}</code>
            )}
          </p>
          {whipUrl ? (
            <p className={layout.muted}>
              <Trans>Servidor WHIP (OBS 30+, token Bearer: a chave do sinal):</Trans> <code>{whipUrl}</code>
            </p>
          ) : null}
          <StreamKey
            label={t`Chave geral`}
            value={stream.streamKey}
            liveId={stream.id}
            onRegenerated={onStreamChanged}
          />
        </section>
      ) : (
        <p className={layout.muted}>
          <Trans>As chaves são geradas quando a transmissão é criada e ficam no painel de controle.</Trans>
        </p>
      )}

      <fieldset className={formStyles.fieldset}>
        <legend className={css.legend}>
          <Trans>Sinais</Trans>
        </legend>
        {signals.map((signal, i) => (
          <div key={signal.id ?? `new-${i}`} className={layout.card} data-testid="signal-row">
            <div className={formStyles.formGrid}>
              <TextField
                name={`signals.${i}.nome`}
                label={<Trans>Nome do sinal {i + 1}</Trans>}
                value={signal.nome}
                maxLength={SIGNAL_NAME_MAX}
                error={error(`signals.${i}.nome`)}
                onChange={(e) => setSignal(i, { nome: e.target.value })}
              />
              <TextField
                name={`signals.${i}.resolution`}
                label={<Trans>Resolução (opcional)</Trans>}
                placeholder="1920x1080"
                value={signal.resolution}
                error={error(`signals.${i}.resolution`)}
                onChange={(e) => setSignal(i, { resolution: e.target.value })}
              />
            </div>
            {signal.id && stream ? (
              <StreamKey
                label={t`Chave do sinal ${signal.nome}`}
                value={stream.signals.find((s) => s.id === signal.id)?.key ?? signal.key}
                liveId={stream.id}
                signalId={signal.id}
                onRegenerated={onStreamChanged}
              />
            ) : (
              <p className={layout.muted}>
                <Trans>A chave deste sinal será gerada ao salvar.</Trans>
              </p>
            )}
            {signals.length > 1 ? (
              <Button variant="ghost" onClick={() => set({ signals: signals.filter((_, j) => j !== i) })}>
                <Trans>Remover sinal {signal.nome || i + 1}</Trans>
              </Button>
            ) : null}
          </div>
        ))}
        {error('signals') ? <p className={formStyles.errorText}>{error('signals')}</p> : null}
        {mixedResolutions(signals) ? (
          <p className={css.warningText} role="status">
            <Trans>Atenção: os sinais têm resoluções diferentes.</Trans>
          </p>
        ) : null}
        <Button
          variant="secondary"
          disabled={signals.length >= SIGNALS_MAX}
          onClick={() =>
            set({
              signals: [...signals, { nome: t`Sinal ${signals.length + 1}`, resolution: '', key: null }],
            })
          }
        >
          <PlusIcon />
          <Trans>Adicionar sinal</Trans>
        </Button>
      </fieldset>
    </div>
  );
}
