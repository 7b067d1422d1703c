// Intl formatters are costly to create (a millisecond or more each on a phone) and cheap to reuse: a
// page listing ten streams with two dates each created twenty. One instance per locale and options.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The `Intl.DateTimeFormat` for `locale` and `options`, created once and then reused. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
