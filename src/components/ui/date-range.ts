import type { Temporal } from 'temporal-polyfill';

/**
 * The date-range picker's logic (SPEC §2.5), pure and on Temporal.PlainDate values. Only instance
 * methods are used, so this module needs no global Temporal: callers hand in `today` and the dates.
 * Weeks start on Sunday (the pt-BR calendar).
 */
type PlainDate = Temporal.PlainDate;

/** A complete range: both ends inclusive, start ≤ end. */
export interface DateRange {
  start: PlainDate;
  end: PlainDate;
}

/** A range being picked: after the first click only the start is known. */
export interface DraftRange {
  start: PlainDate;
  end: PlainDate | null;
}

export interface DateBounds {
  min: PlainDate;
  max: PlainDate;
}

/** SPEC §2.5: by default a range may reach 10 days before and 10 days after today. */
export const DEFAULT_BOUND_DAYS = 10;

export function defaultBounds(today: PlainDate, days = DEFAULT_BOUND_DAYS): DateBounds {
  return { min: today.subtract({ days }), max: today.add({ days }) };
}

/** -1, 0 or 1 as a is before, on or after b. */
export const compareDates = (a: PlainDate, b: PlainDate) => a.since(b).sign;

export const isBefore = (a: PlainDate, b: PlainDate) => compareDates(a, b) < 0;
export const isAfter = (a: PlainDate, b: PlainDate) => compareDates(a, b) > 0;

export function isWithin(day: PlainDate, { min, max }: DateBounds): boolean {
  return !isBefore(day, min) && !isAfter(day, max);
}

export function clampDate(day: PlainDate, { min, max }: DateBounds): PlainDate {
  if (isBefore(day, min)) return min;
  if (isAfter(day, max)) return max;
  return day;
}

/** Each end is clamped on its own; clamping keeps the order, so the result is still a range. */
export function clampRange(range: DateRange, bounds: DateBounds): DateRange {
  return { start: clampDate(range.start, bounds), end: clampDate(range.end, bounds) };
}

/**
 * One click on a day: the first click sets the start, the second sets the end; a click before the
 * start restarts the range from there; a click after a complete range starts a new one. Days outside
 * the bounds are not choosable (the range is returned unchanged).
 */
export function pickDay(draft: DraftRange | null, day: PlainDate, bounds: DateBounds): DraftRange | null {
  if (!isWithin(day, bounds)) return draft;
  if (!draft || draft.end !== null) return { start: day, end: null };
  if (isBefore(day, draft.start)) return { start: day, end: null };
  return { start: draft.start, end: day };
}

export const isComplete = (draft: DraftRange | null): draft is DateRange => !!draft && draft.end !== null;

export function inRange(day: PlainDate, draft: DraftRange | null): boolean {
  if (!draft) return false;
  if (!draft.end) return day.equals(draft.start);
  return !isBefore(day, draft.start) && !isAfter(day, draft.end);
}

/** Sunday of the day's week. Temporal's dayOfWeek is 1 (Monday) … 7 (Sunday). */
export const weekStart = (day: PlainDate) => day.subtract({ days: day.dayOfWeek % 7 });

export const QUICK_RANGES = ['today', 'thisWeek', 'lastWeek', 'last15Days', 'thisMonth', 'clear'] as const;
export type QuickRangeId = (typeof QUICK_RANGES)[number];

/**
 * The quick ranges of SPEC §2.5, clamped to the bounds: 'Hoje' (today), 'Essa semana' (Sunday to
 * Saturday of this week), 'Última semana' (Sunday to Saturday of the week before), 'Últimos 15 dias'
 * (the 14 days before today and today), 'Esse mês' (the whole calendar month), and 'Limpar filtro'
 * (no date filter: the widest range allowed, min to max).
 */
export function quickRange(id: QuickRangeId, today: PlainDate, bounds: DateBounds): DateRange {
  return clampRange(unclampedQuickRange(id, today, bounds), bounds);
}

/** Whether the bounds cut a quick range short (the picker then says the period was limited). */
export function isQuickRangeClamped(id: QuickRangeId, today: PlainDate, bounds: DateBounds): boolean {
  return !sameRange(unclampedQuickRange(id, today, bounds), quickRange(id, today, bounds));
}

function unclampedQuickRange(id: QuickRangeId, today: PlainDate, bounds: DateBounds): DateRange {
  const sunday = weekStart(today);
  const ranges: Record<QuickRangeId, () => DateRange> = {
    today: () => ({ start: today, end: today }),
    thisWeek: () => ({ start: sunday, end: sunday.add({ days: 6 }) }),
    lastWeek: () => ({ start: sunday.subtract({ days: 7 }), end: sunday.subtract({ days: 1 }) }),
    last15Days: () => ({ start: today.subtract({ days: 14 }), end: today }),
    thisMonth: () => ({ start: today.with({ day: 1 }), end: today.with({ day: today.daysInMonth }) }),
    clear: () => ({ start: bounds.min, end: bounds.max }),
  };
  return ranges[id]();
}

export const sameRange = (a: DraftRange | null, b: DraftRange | null) =>
  !!a &&
  !!b &&
  a.start.equals(b.start) &&
  (a.end === null ? b.end === null : b.end !== null && a.end.equals(b.end));

/** The quick range a range equals, if any (so its button can show as pressed). */
export function matchingQuickRange(
  range: DraftRange | null,
  today: PlainDate,
  bounds: DateBounds,
): QuickRangeId | undefined {
  return QUICK_RANGES.find((id) => sameRange(range, quickRange(id, today, bounds)));
}

/** First day of the month a day falls in (months are shown by their first day). */
export const monthOf = (day: PlainDate) => day.with({ day: 1 });

/** The weeks shown for a month: whole Sunday-to-Saturday rows covering the month. */
export function monthGrid(month: PlainDate): PlainDate[][] {
  const first = monthOf(month);
  const lead = first.dayOfWeek % 7;
  const weeks = Math.ceil((lead + first.daysInMonth) / 7);
  const start = first.subtract({ days: lead });
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => start.add({ days: w * 7 + d })),
  );
}

/** Whether the month before / after the shown one holds any choosable day. */
export function canShowPreviousMonth(month: PlainDate, { min }: DateBounds): boolean {
  return isBefore(min, monthOf(month));
}

export function canShowNextMonth(month: PlainDate, { max }: DateBounds): boolean {
  const first = monthOf(month);
  return isAfter(max, first.with({ day: first.daysInMonth }));
}

/** Keyboard moves in the grid (arrows, Home/End, PageUp/PageDown), kept within the bounds. */
export function moveFocus(day: PlainDate, key: string, bounds: DateBounds): PlainDate | undefined {
  const moves: Record<string, () => PlainDate> = {
    ArrowLeft: () => day.subtract({ days: 1 }),
    ArrowRight: () => day.add({ days: 1 }),
    ArrowUp: () => day.subtract({ days: 7 }),
    ArrowDown: () => day.add({ days: 7 }),
    Home: () => weekStart(day),
    End: () => weekStart(day).add({ days: 6 }),
    PageUp: () => day.subtract({ months: 1 }),
    PageDown: () => day.add({ months: 1 }),
  };
  const move = moves[key];
  return move ? clampDate(move(), bounds) : undefined;
}
