import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { vars } from '@/styles/theme.css';
import type { UsageDay } from '../api/get-usage';
import * as css from './billing.css';
import { dayLabels } from './labels';

type Metric = Exclude<keyof UsageDay, 'day'>;

/** A theme colour's value: a canvas cannot paint with `var(--…)`. */
function themeColor(value: string): string {
  const name = /var\((--[^),]+)/.exec(value)?.[1];
  return name ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#555' : value;
}

/** One daily chart (uPlot, canvas): the days of the month on x, the metric's daily figure as bars. */
function DailyChart({ days, metric, title }: { days: UsageDay[]; metric: Metric; title: string }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
    const ys = days.map((d) => d[metric]);
    const muted = themeColor(vars.color.textMuted);
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: 160,
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [
          { stroke: muted, values: (_plot, splits) => dayLabels(locale, splits) },
          { stroke: muted, size: 56 },
        ],
        series: [
          {},
          {
            label: title,
            stroke: themeColor(vars.color.primary),
            fill: 'rgba(90, 50, 200, 0.25)',
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
          },
        ],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, el.clientWidth), height: 160 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, metric, title, locale]);
  return (
    <figure className={css.meter} aria-label={title}>
      <figcaption className={css.chartTitle}>{title}</figcaption>
      <div ref={box} className={css.chart} data-metric={metric} />
    </figure>
  );
}

/** The month's daily usage, one chart per metric (its own lazy chunk: uPlot loads with it). */
export default function UsageCharts({ days }: { days: UsageDay[] }) {
  const { t } = useLingui();
  return (
    <div className={css.grid}>
      <DailyChart days={days} metric="storageGbMonths" title={t`Armazenamento por dia (GB-mês)`} />
      <DailyChart days={days} metric="encodedMinutes" title={t`Minutos codificados por dia`} />
      <DailyChart days={days} metric="liveMinutes" title={t`Minutos ao vivo por dia`} />
      <DailyChart days={days} metric="deliveredMinutes" title={t`Minutos entregues por dia`} />
    </div>
  );
}
