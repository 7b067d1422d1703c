import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as layout from '@/components/ui/layout.css';
import { shortDateTime } from '@/lib/intl';
import { useCan } from '@/lib/use-session';
import type { Summary } from '../api/get-summary';
import { currentViewers } from '../lib/chart-data';
import { SCALAR_METRICS } from '../lib/metrics';
import type { SeriesState } from '../lib/series-store';
import * as css from './analytics.css';
import { STATUS_LABELS } from './labels';
import { QualityCard } from './quality-card';
import { SeriesCard } from './series-card';
import { SummaryDetails } from './summary-details';
import { SummaryFigures } from './summary-figures';

/** One live's dashboard: who it is, its figures, its series over time, and where its audience is. */
export function LiveDashboard({
  summary,
  series,
  online,
}: {
  summary: Summary;
  series: SeriesState;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const canOpenPanel = useCan('showStreaming');
  const { live } = summary;
  const when = (iso: string | null | undefined) => (iso ? shortDateTime(new Date(iso), i18n.locale) : null);
  const started = when(live.startedAt);
  const ended = when(live.endedAt);
  const viewers = currentViewers(summary, series.viewers.entities.total.total);
  return (
    <>
      <div className={css.liveHead}>
        <h2 className={css.liveTitle} data-testid="analytics-live-title">
          {live.titulo}
        </h2>
        <span className={layout.muted} data-status={live.status}>
          {i18n._(STATUS_LABELS[live.status])}
          {started ? ` · ${t`início ${started}`}` : ''}
          {ended ? ` · ${t`fim ${ended}`}` : ''}
        </span>
        {canOpenPanel ? (
          <Link to="/streaming/$liveId/panel" params={{ liveId: live.id }} className={layout.link}>
            <Trans>Painel de controle</Trans>
          </Link>
        ) : null}
      </div>
      <SummaryFigures summary={summary} viewers={viewers} />
      <h2 className={layout.visuallyHidden}>
        <Trans>Ao longo do tempo</Trans>
      </h2>
      <div className={css.charts}>
        {SCALAR_METRICS.map((metric) => (
          <SeriesCard
            key={metric}
            metric={metric}
            section={series[metric]}
            online={online}
            attributions={summary.attributions}
          />
        ))}
        <QualityCard section={series.videoQuality} online={online} attributions={summary.attributions} />
      </div>
      <h2 className={layout.visuallyHidden}>
        <Trans>Audiência e sinais</Trans>
      </h2>
      <SummaryDetails summary={summary} />
    </>
  );
}
