import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Stream } from '../../api/stream';
import { StreamKey } from '../stream-key';
import * as css from '../streaming.css';
import * as p from './panel.css';

/** The signals with their keys (copy, regenerate) and the preview of each, plus the general key. */
export function PanelSignals({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const resolutions = new Set(stream.signals.map((s) => s.resolution).filter(Boolean));
  return (
    <section className={css.card} aria-labelledby="panel-signals-title">
      <h2 id="panel-signals-title" className={css.cardTitle}>
        <Trans>Sinais</Trans>
      </h2>
      {resolutions.size > 1 ? (
        <p className={css.warningText} role="status">
          <Trans>Atenção: os sinais têm resoluções diferentes.</Trans>
        </p>
      ) : null}
      <div className={css.fieldset}>
        <h3 className={css.legend}>
          <Trans>Chave geral</Trans>
        </h3>
        <StreamKey label={t`Chave geral`} value={stream.streamKey} liveId={stream.id} />
      </div>
      {stream.signals.map((signal) => (
        <div key={signal.id} className={p.signal} data-testid="panel-signal">
          <div className={p.signalHead}>
            <h3 className={css.legend}>
              {signal.nome}
              {signal.resolution ? <span className={css.muted}> · {signal.resolution}</span> : null}
            </h3>
            <Link
              to="/streaming/$liveId/signal/$signalId"
              params={{ liveId: stream.id, signalId: signal.id }}
              className={css.link}
            >
              <Trans>Pré-visualizar</Trans>
            </Link>
          </div>
          <StreamKey
            label={t`Chave do sinal ${signal.nome}`}
            value={signal.key}
            liveId={stream.id}
            signalId={signal.id}
          />
        </div>
      ))}
    </section>
  );
}
