import {
  clampRange,
  type DateBounds,
  type DateRange,
  defaultBounds,
  isAfter,
  quickRange,
  sameRange,
} from '@/components/ui/date-range';
import { type Temporal, temporal } from '@/lib/temporal';

/** SPEC §4 "Log page": the default range runs from a start date to now. Our start: 7 days before
 * today (inside the picker's default min of 10 days back); "now" is the end of today. */
export const DEFAULT_RANGE_DAYS = 7;

export function defaultRange(today: Temporal.PlainDate): DateRange {
  return { start: today.subtract({ days: DEFAULT_RANGE_DAYS }), end: today };
}

/** The picker's min and max on this page: the SPEC's default, 10 days before and after today. */
export const recordsBounds = (today: Temporal.PlainDate): DateBounds => defaultBounds(today);

/** A real calendar date from YYYY-MM-DD ('2026-02-30' is not one), or undefined. */
export function parseDate(iso: string | undefined): Temporal.PlainDate | undefined {
  if (!iso) return undefined;
  try {
    return temporal().PlainDate.from(iso, { overflow: 'reject' });
  } catch {
    return undefined;
  }
}

/** The range the page uses: the URL's (clamped to the bounds) when it is a real one, else the default. */
export function effectiveRange(
  search: { start?: string; end?: string },
  today: Temporal.PlainDate,
): DateRange {
  const start = parseDate(search.start);
  const end = parseDate(search.end);
  if (!start || !end || isAfter(start, end)) return defaultRange(today);
  return clampRange({ start, end }, recordsBounds(today));
}

export const isDefaultRange = (range: DateRange, today: Temporal.PlainDate) =>
  sameRange(range, defaultRange(today));

/** 'Limpar filtro' (the widest range allowed) means no date filter: the filter badge does not count it. */
export const isUnfilteredRange = (range: DateRange, today: Temporal.PlainDate) =>
  sameRange(range, quickRange('clear', today, recordsBounds(today)));

/** The URL's start/end for a range (nothing for the default, which keeps the address short). */
export function rangeToSearch(range: DateRange, today: Temporal.PlainDate): { start?: string; end?: string } {
  if (isDefaultRange(range, today)) return { start: undefined, end: undefined };
  return { start: range.start.toString(), end: range.end.toString() };
}

/** The API's `start` and `end`: the first and the last instant of the chosen days in the user's time
 * zone (a day is not always 24 hours long, so Temporal works it out). */
export function apiRange(range: DateRange, timeZone: string): { start: string; end: string } {
  const start = range.start.toZonedDateTime({ timeZone });
  const end = range.end.add({ days: 1 }).toZonedDateTime({ timeZone }).subtract({ milliseconds: 1 });
  return { start: start.toInstant().toString(), end: end.toInstant().toString() };
}

export const today = () => temporal().Now.plainDateISO();
export const timeZone = () => temporal().Now.timeZoneId();
