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
