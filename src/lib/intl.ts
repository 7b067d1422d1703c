// Intl formatters are costly to create (a millisecond or more each on a phone) and cheap to reuse: a
// page listing ten streams with two dates each created twenty. One instance per kind, locale and options.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function reuse<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: 'date' | 'number',
  locale: string,
  options: object,
  create: () => T,
): T {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The `Intl.DateTimeFormat` for `locale` and `options`, created once and then reused. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  reuse('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** The `Intl.NumberFormat` for `locale` and `options`, created once and then reused. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  reuse('number', locale, options, () => new Intl.NumberFormat(locale, options));

/** The short name of the user's time zone at `date` ("GMT-3", "UTC", "PST"). */
export const zoneName = (date: Date, locale: string): string =>
  dateTimeFormat(locale, { timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

/**
 * The console's one way to write an instant (docs/ui.md "One clock"): date and time, short
 * (`dateStyle` and `timeStyle` 'short'), always in the user's time zone — the browser's, the one the
 * forms read dates in — so a live shows the same hour in the dashboard, the list, the panel and the
 * wall. No caller picks another zone. `zone: true` names it ("22/11/2026, 12:04 GMT-3"), for a page
 * where another zone is in play (the dashboard's "today" is the team's day). "22/11/2026, 15:04" in
 * pt-BR, "11/22/26, 3:04 PM" in en.
 */
export function shortDateTime(date: Date, locale: string, options: { zone?: boolean } = {}): string {
  const text = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
  // `dateStyle` cannot be combined with `timeZoneName`: the name comes from its own formatter.
  return options.zone ? `${text} ${zoneName(date, locale)}` : text;
}

/** A duration as "m:ss", or "h:mm:ss" from an hour; null for an unknown one. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The console's one way to write a time the player measured in milliseconds (startup, a stall, watch
 * time): "850 ms" under a second, then seconds with one decimal at most and the locale's separator
 * ("1,2 s" in pt-BR, "1.2 s" in en). The analytics pages keep seconds however long it is; the support
 * page (`clockFromMinute`) writes "m:ss" or "h:mm:ss" from a minute on, as it does for every other
 * length it shows. Null for an unknown one (missing, not finite, negative): the caller writes its dash.
 */
export function formatMilliseconds(
  ms: number | null | undefined,
  locale: string,
  options: { clockFromMinute?: boolean } = {},
): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  // Rounded to the tenth first, so 59.96 s is a minute on the clock rather than "60 s".
  const tenths = Math.round(ms / 100) / 10;
  if (options.clockFromMinute && tenths >= 60) return formatDuration(ms / 1000);
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(tenths)} s`;
}
