import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import * as layout from '@/components/ui/layout.css';
import { Select } from '@/components/ui/select';
import type { Summary } from '../api/get-summary';
import { seriesOrder } from '../lib/chart-data';
import { METRIC_UNITS } from '../lib/format';
import { BREAKDOWNS, type Breakdown, type Metric } from '../lib/metrics';
import type { NamedSeries } from '../lib/points';
import type { Section } from '../lib/series-store';
import * as css from './analytics.css';
import { Attributions } from './attributions';
import { ChartLegend, useValueLabel } from './chart-legend';
import { BREAKDOWN_LABELS, METRIC_HINTS, METRIC_TITLES } from './labels';
import { SERIES_COLORS } from './series-colors';

// uPlot comes with the charts, in their own chunk, only when an analytics page draws one.
const SeriesChart = lazy(() => import('./series-chart'));

/** Breakdowns whose values come from the geo and network databases (their credits go under them). */
export const ENRICHED: ReadonlySet<Breakdown> = new Set(['state', 'networkProvider']);

/** The breakdown select of a chart card. */
export function useBreakdown(metric: Metric) {
  const { t, i18n } = useLingui();
  const [breakdown, setBreakdown] = useState<Breakdown>('total');
  const select = (
    <Select
      name={`${metric}-breakdown`}
      label={t`Dividir por`}
      inlineLabel
      options={BREAKDOWNS.map((b) => ({ value: b, label: i18n._(BREAKDOWN_LABELS[b]) }))}
      value={breakdown}
      onValueChange={(value) => setBreakdown(value as Breakdown)}
    />
  );
  return { breakdown, select };
}

/** A chart card's frame: title, what its values are, the breakdown select, then the chart. */
export function ChartCard({
  metric,
  select,
  children,
}: {
  metric: Metric;
  select: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  return (
    <section className={layout.card} aria-labelledby={headingId} data-metric={metric}>
      <div className={css.chartHead}>
        <div>
          <h3 id={headingId} className={layout.cardTitle}>
            {i18n._(METRIC_TITLES[metric])}
          </h3>
          <p className={layout.muted}>{i18n._(METRIC_HINTS[metric])}</p>
        </div>
        {select}
      </div>
      {children}
    </section>
  );
}

/** What a chart area says when it has nothing to draw. */
export function ChartState({ section, online }: { section: Section<unknown>; online: boolean }) {
  return (
    <p className={css.chartPlaceholder}>
      {section.listLoading && online ? (
        <Trans>Carregando…</Trans>
      ) : section.error && online ? (
        <Trans>Não foi possível carregar este gráfico.</Trans>
      ) : (
        <Trans>Sem dados neste período.</Trans>
      )}
    </p>
  );
}

/** A time series drawn with its legend (the text alternative), or the state of its section. */
export function SeriesFigure({
  series,
  metric,
  section,
  online,
}: {
  series: NamedSeries;
  metric: Metric;
  section: Section<unknown>;
  online: boolean;
}) {
  const label = useValueLabel();
  const names = useMemo(() => seriesOrder(series).slice(0, SERIES_COLORS.length), [series]);
  const unit = METRIC_UNITS[metric];
  if (names.length === 0) return <ChartState section={section} online={online} />;
  return (
    <figure className={css.chartFigure}>
      <Suspense
        fallback={
          <p className={css.chartPlaceholder}>
            <Trans>Carregando gráfico…</Trans>
          </p>
        }
      >
        <SeriesChart series={series} names={names} labels={names.map(label)} unit={unit} />
      </Suspense>
      <ChartLegend series={series} names={names} unit={unit} />
      {section.error && online ? (
        <p className={layout.muted} role="status">
          <Trans>Não foi possível atualizar este gráfico.</Trans>
        </p>
      ) : null}
    </figure>
  );
}

/** One metric over time (SPEC §3 section): the total or one breakdown's values. */
export function SeriesCard({
  metric,
  section,
  online,
  attributions,
}: {
  metric: Metric;
  section: Section<Readonly<Record<Breakdown, NamedSeries>>>;
  online: boolean;
  attributions: Summary['attributions'];
}) {
  const { breakdown, select } = useBreakdown(metric);
  return (
    <ChartCard metric={metric} select={select}>
      <SeriesFigure series={section.entities[breakdown]} metric={metric} section={section} online={online} />
      {ENRICHED.has(breakdown) ? <Attributions items={attributions} /> : null}
    </ChartCard>
  );
}
