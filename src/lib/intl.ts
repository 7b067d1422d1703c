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

/** Date and time, short (`dateStyle` and `timeStyle` 'short'), in the browser's time zone unless one
 * is given: "22/11/2026, 15:04" in pt-BR, "11/22/26, 3:04 PM" in en. */
export const shortDateTime = (date: Date, locale: string, timeZone?: string): string =>
  dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);

/** A duration as "m:ss", or "h:mm:ss" from an hour; null for an unknown one. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
