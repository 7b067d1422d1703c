import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '@/components/status/status-badge';
import * as layout from '@/components/ui/layout.css';
import { analyticsLink, useCanSeeAnalytics } from '@/lib/analytics-link';
import { numberFormat } from '@/lib/intl';
import { useSignalsStatus } from '../../api/get-signals-status';
import { useViewerCount } from '../../api/get-viewers';
import type { Stream } from '../../api/stream';
import { formatDateTime } from '../../lib/format';
import { type Health, healthFromEvents, healthFromStatus, useLiveHealth } from '../../realtime/health';
import { ControlActions } from '../panel/control-actions';
import { RehearsalNotice } from '../preview/rehearsal-notice';
import { TilePreview } from './tile-preview';
import * as css from './wall.css';

const HEALTH: Record<Health, MessageDescriptor> = {
  ok: msg`Saudável`,
  warning: msg`Atenção`,
  failing: msg`Com falha`,
};

/** The reason keys of the server's `sinal_saude` (docs/realtime.md "Signal health"), which the
 * polled fallback (src/features/streaming/realtime/health.ts) uses too. */
const REASONS: Record<string, MessageDescriptor> = {
  sem_sinal: msg`Sem sinal`,
  sem_video: msg`Sem vídeo`,
  sem_audio: msg`Sem áudio`,
  atraso: msg`O encoder está atrasado`,
  fps_alto: msg`FPS acima do limite`,
  keyframe_longo: msg`Intervalo de keyframes longo`,
};

/** One live on the monitoring wall: preview, status, viewers, fps, bitrate, health and the controls. A
 * scheduled live whose encoder already publishes (a rehearsal) shows its preview and health too, and
 * says the public does not see it yet. */
export function WallTile({ stream, focused, now }: { stream: Stream; focused: boolean; now: number }) {
  const { t, i18n } = useLingui();
  const analytics = useCanSeeAnalytics();
  const started = stream.status === 'live' || stream.status === 'paused';
  const status = useSignalsStatus(stream.id, stream.status !== 'finished');
  const rehearsal = stream.status === 'scheduled' && status.signals.some((s) => s.publishing);
  const events = useLiveHealth(stream.id);
  const viewers = useViewerCount(stream.id, started);
  const health =
    started || rehearsal
      ? (healthFromEvents(events, now) ??
        healthFromStatus(stream.status, status.known ? status.signals : undefined))
      : undefined;
  const number = numberFormat(i18n.locale, { maximumFractionDigits: 1 });
  const kbps = health?.videoKbps != null ? Math.round(health.videoKbps + (health.audioKbps ?? 0)) : undefined;
  const titleId = `wall-${stream.id}`;
  return (
    <li
      id={`live-${stream.id}`}
      className={css.tile}
      data-focused={focused}
      data-testid="wall-tile"
      aria-labelledby={titleId}
    >
      <div className={css.tileHead}>
        <h2 id={titleId} className={css.tileTitle}>
          <Link to="/streaming/$liveId/panel" params={{ liveId: stream.id }} className={layout.link}>
            {stream.nome}
          </Link>
        </h2>
        <StatusBadge status={stream.status} />
      </div>
      <TilePreview stream={stream} publishing={status.publishing(stream.signals[0]?.id)} />
      {rehearsal ? <RehearsalNotice /> : null}
      {health ? (
        <p className={css.health[health.health]} data-testid="wall-health" data-health={health.health}>
          {i18n._(HEALTH[health.health])}
          {health.reason ? ` · ${i18n._(REASONS[health.reason] ?? msg`Sinal instável`)}` : ''}
        </p>
      ) : (
        <p className={layout.muted}>
          <Trans>Agendada para {formatDateTime(stream.scheduledStartTime, i18n.locale)}</Trans>
        </p>
      )}
      <dl className={css.figures}>
        <div className={css.figure}>
          <dt className={css.figureLabel}>
            <Trans>Espectadores</Trans>
          </dt>
          <dd className={css.figureValue} data-testid="wall-viewers">
            {viewers !== undefined ? number.format(viewers) : '—'}
          </dd>
        </div>
        <div className={css.figure}>
          <dt className={css.figureLabel}>FPS</dt>
          <dd className={css.figureValue} data-testid="wall-fps">
            {health?.fps != null ? number.format(health.fps) : '—'}
          </dd>
        </div>
        <div className={css.figure}>
          <dt className={css.figureLabel}>
            <Trans>Taxa de bits</Trans>
          </dt>
          <dd className={css.figureValue} data-testid="wall-bitrate">
            {kbps !== undefined ? `${number.format(kbps)} kbps` : '—'}
          </dd>
        </div>
      </dl>
      {analytics ? (
        <Link
          {...analyticsLink(stream.id)}
          className={`${layout.link} ${css.tileLink}`}
          aria-label={t`Analytics de ${stream.nome}`}
          data-testid="wall-analytics"
        >
          <Trans>Analytics</Trans>
        </Link>
      ) : null}
      <div className={css.controls}>
        <ControlActions stream={stream} />
      </div>
    </li>
  );
}
