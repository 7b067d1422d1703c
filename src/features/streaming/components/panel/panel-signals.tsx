import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { useSignalsStatus } from '../../api/get-signals-status';
import { signalPreviewQueryOptions } from '../../api/ingest';
import type { Stream } from '../../api/stream';
import { mixedLiveResolutions, overFpsLimit, videoLabel } from '../../lib/signal-video';
import { HlsPlayer } from '../preview/hls-player';
import { StreamKey } from '../stream-key';
import * as css from '../streaming.css';
import * as p from './panel.css';

/** The signals with their keys (copy, regenerate) and the preview of each, plus the general key. Until
 * the stream ends, what each signal receives (resolution, frame rate) with the warnings of SPEC §8
 * (publishing signals of different resolutions) and §9 (over 30 fps), and the picture of each
 * publishing signal: before 'Iniciar' that is a rehearsal only the team sees. */
export function PanelSignals({ stream }: { stream: Stream }) {
  const { t, i18n } = useLingui();
  const resolutions = new Set(stream.signals.map((s) => s.resolution).filter(Boolean));
  const { signals: live } = useSignalsStatus(stream.id, stream.status !== 'finished');
  const videoOf = (signalId: string) => live.find((v) => v.signalId === signalId);
  return (
    <section className={layout.card} aria-labelledby="panel-signals-title">
      <h2 id="panel-signals-title" className={layout.cardTitle}>
        <Trans>Sinais</Trans>
      </h2>
      {resolutions.size > 1 ? (
        <p className={css.warningText} role="status">
          <Trans>Atenção: os sinais têm resoluções diferentes.</Trans>
        </p>
      ) : null}
      {mixedLiveResolutions(live) ? (
        <p className={css.warningText} role="alert">
          <Trans>Os sinais estão com resoluções diferentes.</Trans>
        </p>
      ) : null}
      <div className={formStyles.fieldset}>
        <h3 className={css.legend}>
          <Trans>Chave geral</Trans>
        </h3>
        <StreamKey label={t`Chave geral`} value={stream.streamKey} liveId={stream.id} />
      </div>
      {stream.signals.map((signal) => {
        const video = videoOf(signal.id);
        const receiving = video ? videoLabel(video, i18n.locale) : '';
        return (
          <div key={signal.id} className={p.signal} data-testid="panel-signal">
            <div className={p.rowHead}>
              <h3 className={css.legend}>
                {signal.nome}
                {signal.resolution ? <span className={layout.muted}> · {signal.resolution}</span> : null}
              </h3>
              <Link
                to="/streaming/$liveId/signal/$signalId"
                params={{ liveId: stream.id, signalId: signal.id }}
                className={layout.link}
              >
                <Trans>Pré-visualizar</Trans>
              </Link>
            </div>
            {receiving ? (
              <p className={p.signalVideo} data-testid="signal-video">
                <Trans>Recebendo: {receiving}</Trans>
              </p>
            ) : null}
            {video?.publishing ? (
              <SignalPicture liveId={stream.id} signalId={signal.id} label={t`Sinal ${signal.nome}`} />
            ) : null}
            {video && overFpsLimit(video) ? (
              <p className={css.warningText} role="alert">
                <Trans>
                  Este sinal ultrapassou o limite de 30 FPS definido para a conta. Ajuste para o padrão.
                </Trans>
              </p>
            ) : null}
            <StreamKey
              label={t`Chave do sinal ${signal.nome}`}
              value={signal.key}
              liveId={stream.id}
              signalId={signal.id}
            />
          </div>
        );
      })}
    </section>
  );
}

/** The muted live picture of a publishing signal, in the panel (the preview page shows it larger). */
function SignalPicture({ liveId, signalId, label }: { liveId: string; signalId: string; label: string }) {
  const preview = useQuery(signalPreviewQueryOptions(liveId, signalId));
  const src = preview.isPending ? undefined : (preview.data?.url ?? null);
  return (
    <div className={p.picture} data-testid="panel-signal-preview">
      <HlsPlayer src={src} publishing label={label} onRetry={() => void preview.refetch()} />
    </div>
  );
}
