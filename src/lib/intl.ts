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

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Date and time, short (`dateStyle` and `timeStyle` 'short'), in the browser's time zone. For the
 * console's two locales it is written out by hand, the same text Intl gives: the first Intl object a
 * page creates loads ICU's data, 25–100 ms of one task on this project's bench machine (four times
 * that on a phone), and the stream list would pay it in its first render. Other locales, or another
 * time zone, go through Intl. */
export function shortDateTime(date: Date, locale: string, timeZone?: string): string {
  if (timeZone === undefined && locale === 'pt-BR') {
    // dd/MM/y, HH:mm
    return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}, ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  }
  if (timeZone === undefined && (locale === 'en' || locale === 'en-US')) {
    // M/d/yy, h:mm a
    const hours = date.getHours();
    const year = pad2(((date.getFullYear() % 100) + 100) % 100);
    return `${date.getMonth() + 1}/${date.getDate()}/${year}, ${hours % 12 || 12}:${pad2(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  }
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
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
