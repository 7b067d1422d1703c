import { formatDuration, formatMilliseconds, numberFormat } from '@/lib/intl';
import type { Metric } from './metrics';

/** What a metric's values are: a count, a percentage, or milliseconds (startup time). */
export type Unit = 'count' | 'percent' | 'ms';
export const METRIC_UNITS: Record<Metric, Unit> = {
  viewers: 'count',
  rebuffering: 'percent',
  initFail: 'percent',
  exitBeforeStart: 'percent',
  initTime: 'ms',
  videoQuality: 'percent',
};

/** A value in its unit: "1.234", "2,5%", "1,2 s" (startup times under a second: "850 ms"). */
export function formatValue(value: number | null | undefined, unit: Unit, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (unit === 'count') return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  if (unit === 'percent')
    return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  return formatMilliseconds(value, locale) ?? '—';
}

/** A duration given in milliseconds, as "m:ss" or "h:mm:ss"; "—" when unknown. */
export const formatMs = (ms: number | null | undefined): string =>
  formatDuration(ms === null || ms === undefined ? null : ms / 1000) ?? '—';
