import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dateTimeFormat } from '@/lib/intl';
import { vars } from '@/styles/theme.css';
import { alignSeries, valueSteps } from '../lib/chart-data';
import { formatValue, type Unit } from '../lib/format';
import type { NamedSeries } from '../lib/points';
import * as css from './analytics.css';
import { SERIES_COLORS } from './series-colors';

/** A theme colour's value: a canvas cannot paint with `var(--…)`. */
function themeColor(value: string): string {
  const name = /var\((--[^),]+)/.exec(value)?.[1];
  return name ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#555' : value;
}

const HEIGHT = 200;
const DAY_MS = 20 * 60 * 60 * 1000;

export interface SeriesChartProps {
  series: NamedSeries;
  /** The series drawn, in order, and the name shown for each. */
  names: string[];
  labels: string[];
  unit: Unit;
}

/** A time-series chart (uPlot, canvas; its own lazy chunk). Decorative for assistive technology: the
 * card around it says the newest values in text. */
export default function SeriesChart({ series, names, labels, unit }: SeriesChartProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data = useMemo(() => alignSeries(series, names), [series, names]);
  const long = data.xs.length > 1 && data.xs[data.xs.length - 1]! - data.xs[0]! > DAY_MS;
  const shape = `${names.join('\u0000')}|${labels.join('\u0000')}|${unit}|${locale}|${long}`;

  const latest = useRef(data);
  latest.current = data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` stands for names, labels, unit, locale
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const time = dateTimeFormat(
      locale,
      long
        ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }
        : { hour: '2-digit', minute: '2-digit' },
    );
    const muted = themeColor(vars.color.textMuted);
    const chart = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        scales: {
          x: { time: true },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : unit === 'percent' ? 100 : 1] },
        },
        axes: [
          { stroke: muted, values: (_u, splits) => splits.map((s) => time.format(s * 1000)) },
          {
            stroke: muted,
            size: 64,
            ...(valueSteps(unit) ? { incrs: valueSteps(unit) } : {}),
            values: (_u, splits) => splits.map((v) => formatValue(v, unit, locale)),
          },
        ],
        series: [
          {},
          ...names.map((_name, i) => ({
            label: labels[i],
            stroke: themeColor(SERIES_COLORS[i % SERIES_COLORS.length]!),
            width: 2,
            points: { show: false },
          })),
        ],
      },
      toUplot(latest.current),
      el,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [shape]);

  useEffect(() => {
    plot.current?.setData(toUplot(data));
  }, [data]);

  return <div ref={box} className={css.chart} aria-hidden="true" />;
}

/** uPlot's columns: times in seconds, then one row per series. */
const toUplot = (data: ReturnType<typeof alignSeries>): uPlot.AlignedData => [
  data.xs.map((t) => t / 1000),
  ...data.ys,
];
