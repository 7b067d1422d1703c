import { dateTimeFormat, formatMilliseconds, numberFormat } from '@/lib/intl';

const DASH = '—';
const unknown = (n: number | null | undefined): n is null | undefined =>
  n === null || n === undefined || !Number.isFinite(n);

/** A count with the locale's grouping: "1.234" in pt-BR, "1,234" in en. */
export const formatCount = (n: number, locale: string): string =>
  numberFormat(locale, { maximumFractionDigits: 0 }).format(n);

/**
 * Watch time, summed over many views, so in the largest unit that reads at a glance: "45 s" under a
 * minute, "12 min" under an hour, then hours with one decimal at most ("1.234,5 h").
 */
export function formatWatchTime(ms: number, locale: string): string {
  if (unknown(ms) || ms < 0) return DASH;
  const whole = numberFormat(locale, { maximumFractionDigits: 0 });
  if (ms < 60_000) return `${whole.format(Math.round(ms / 1000))} s`;
  if (ms < 3_600_000) return `${whole.format(Math.floor(ms / 60_000))} min`;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 3_600_000)} h`;
}

/** An average startup time: "850 ms" under a second, else seconds with one decimal ("1,2 s"). */
export const formatStartup = (ms: number | null | undefined, locale: string): string =>
  formatMilliseconds(ms, locale) ?? DASH;

/** A share given 0–100 (the API's rebufferPercent): "2,4%" in pt-BR, "2.4%" in en. */
export function formatPercent(percent: number | null | undefined, locale: string): string {
  if (unknown(percent)) return DASH;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/** The window's first and last day, short ("22/10/2026"). */
export const formatDay = (epochMs: number, locale: string): string =>
  dateTimeFormat(locale, { dateStyle: 'short' }).format(new Date(epochMs));
