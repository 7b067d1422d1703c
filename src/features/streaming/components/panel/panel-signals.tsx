import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { SIGNALS_STATUS_POLL_MS, signalsStatusQueryOptions } from '../../api/get-signals-status';
import type { Stream } from '../../api/stream';
import { mixedLiveResolutions, overFpsLimit, videoLabel } from '../../lib/signal-video';
import { StreamKey } from '../stream-key';
import * as css from '../streaming.css';
import * as p from './panel.css';

/** The signals with their keys (copy, regenerate) and the preview of each, plus the general key. While
 * the stream is started, what each signal receives (resolution, frame rate), re-read every 5 s, with
 * the warnings of SPEC §8 (publishing signals of different resolutions) and §9 (over 30 fps). */
export function PanelSignals({ stream }: { stream: Stream }) {
  const { t, i18n } = useLingui();
  const resolutions = new Set(stream.signals.map((s) => s.resolution).filter(Boolean));
  const started = stream.status === 'live' || stream.status === 'paused';
  // With the account's events, a publish starting or ending reads it again (realtime/apply-events.ts);
  // polling only while they do not arrive.
  const refetchInterval = usePollWhileDisconnected(SIGNALS_STATUS_POLL_MS);
  const status = useQuery({ ...signalsStatusQueryOptions(stream.id), enabled: started, refetchInterval });
  // Only what this visit has read, and only while the reads succeed: a cached (or persisted, or last
  // before the server went away) answer would show a publish that may have ended.
  const live = started && status.isFetchedAfterMount && !status.isError ? (status.data ?? []) : [];
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
            <div className={p.signalHead}>
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
