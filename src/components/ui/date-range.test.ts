import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  canShowNextMonth,
  canShowPreviousMonth,
  clampRange,
  type DateBounds,
  type DraftRange,
  defaultBounds,
  inRange,
  isQuickRangeClamped,
  matchingQuickRange,
  monthGrid,
  moveFocus,
  pickDay,
  type QuickRangeId,
  quickRange,
  weekStart,
} from './date-range';

const d = (iso: string) => Temporal.PlainDate.from(iso);
const show = (r: DraftRange | null) => (r ? `${r.start}..${r.end ?? ''}` : 'none');
/** Bounds wide enough that nothing is clamped (to see the raw quick range). */
const wide = (today: Temporal.PlainDate): DateBounds => defaultBounds(today, 400);
const quick = (id: QuickRangeId, today: string, bounds?: DateBounds) =>
  show(quickRange(id, d(today), bounds ?? defaultBounds(d(today))));

describe('defaultBounds', () => {
  it('reaches 10 days before and after today, across month and year ends', () => {
    const b = defaultBounds(d('2026-01-03'));
    expect(`${b.min}..${b.max}`).toBe('2025-12-24..2026-01-13');
    const feb = defaultBounds(d('2024-02-25'));
    expect(`${feb.min}..${feb.max}`).toBe('2024-02-15..2024-03-06');
  });
});

describe('pickDay', () => {
  const bounds = defaultBounds(d('2026-01-15'));

  it('sets the start on the first click and the end on the second', () => {
    const first = pickDay(null, d('2026-01-10'), bounds);
    expect(show(first)).toBe('2026-01-10..');
    expect(show(pickDay(first, d('2026-01-12'), bounds))).toBe('2026-01-10..2026-01-12');
  });

  it('accepts the same day as start and end', () => {
    const first = pickDay(null, d('2026-01-10'), bounds);
    expect(show(pickDay(first, d('2026-01-10'), bounds))).toBe('2026-01-10..2026-01-10');
  });

  it('restarts the range when the second click is before the start', () => {
    const first = pickDay(null, d('2026-01-10'), bounds);
    const restarted = pickDay(first, d('2026-01-07'), bounds);
    expect(show(restarted)).toBe('2026-01-07..');
    expect(show(pickDay(restarted, d('2026-01-20'), bounds))).toBe('2026-01-07..2026-01-20');
  });

  it('starts a new range after a complete one', () => {
    const done: DraftRange = { start: d('2026-01-07'), end: d('2026-01-09') };
    expect(show(pickDay(done, d('2026-01-12'), bounds))).toBe('2026-01-12..');
  });

  it('ignores days outside the min and max dates', () => {
    const first = pickDay(null, d('2026-01-10'), bounds);
    expect(pickDay(first, d('2026-01-26'), bounds)).toBe(first);
    expect(pickDay(null, d('2026-01-04'), bounds)).toBeNull();
    expect(show(pickDay(null, d('2026-01-05'), bounds))).toBe('2026-01-05..');
    expect(show(pickDay(first, d('2026-01-25'), bounds))).toBe('2026-01-10..2026-01-25');
  });

  it('picks across a year change', () => {
    const b = defaultBounds(d('2026-01-02'));
    const first = pickDay(null, d('2025-12-28'), b);
    expect(show(pickDay(first, d('2026-01-03'), b))).toBe('2025-12-28..2026-01-03');
  });
});

describe('inRange', () => {
  it('marks the start alone while picking, then every day of the range', () => {
    const draft: DraftRange = { start: d('2026-01-30'), end: null };
    expect(inRange(d('2026-01-30'), draft)).toBe(true);
    expect(inRange(d('2026-01-31'), draft)).toBe(false);
    const full: DraftRange = { start: d('2026-01-30'), end: d('2026-02-02') };
    expect(
      ['2026-01-29', '2026-01-30', '2026-02-01', '2026-02-02', '2026-02-03'].map((x) => inRange(d(x), full)),
    ).toEqual([false, true, true, true, false]);
  });
});

describe('clampRange', () => {
  const bounds = defaultBounds(d('2026-01-15'));
  it('clamps each end to the bounds', () => {
    expect(show(clampRange({ start: d('2025-12-01'), end: d('2026-03-01') }, bounds))).toBe(
      '2026-01-05..2026-01-25',
    );
    expect(show(clampRange({ start: d('2026-01-10'), end: d('2026-01-12') }, bounds))).toBe(
      '2026-01-10..2026-01-12',
    );
  });
  it('keeps a range wholly before the min a valid one-day range at the min', () => {
    expect(show(clampRange({ start: d('2020-01-01'), end: d('2020-01-31') }, bounds))).toBe(
      '2026-01-05..2026-01-05',
    );
    expect(show(clampRange({ start: d('2030-01-01'), end: d('2030-01-31') }, bounds))).toBe(
      '2026-01-25..2026-01-25',
    );
  });
});

describe('weekStart', () => {
  it('is the Sunday of the week, across a year change', () => {
    expect(String(weekStart(d('2026-01-01')))).toBe('2025-12-28'); // a Thursday
    expect(String(weekStart(d('2026-03-01')))).toBe('2026-03-01'); // a Sunday
    expect(String(weekStart(d('2026-02-28')))).toBe('2026-02-22'); // a Saturday
  });
});

describe('quickRange', () => {
  it("'Hoje' is today", () => {
    expect(quick('today', '2026-01-31')).toBe('2026-01-31..2026-01-31');
  });

  it("'Essa semana' runs Sunday to Saturday", () => {
    expect(quick('thisWeek', '2026-02-28')).toBe('2026-02-22..2026-02-28');
    expect(quick('thisWeek', '2026-03-01')).toBe('2026-03-01..2026-03-07');
    // Across a year change.
    expect(quick('thisWeek', '2026-01-01')).toBe('2025-12-28..2026-01-03');
  });

  it("'Última semana' is the week before, across a year change, clamped to the min", () => {
    expect(quick('lastWeek', '2026-01-01', wide(d('2026-01-01')))).toBe('2025-12-21..2025-12-27');
    // Default min is 2025-12-22: the Sunday is clamped.
    expect(quick('lastWeek', '2026-01-01')).toBe('2025-12-22..2025-12-27');
    // On a Saturday the whole last week is more than 10 days back at its start.
    expect(quick('lastWeek', '2026-01-03')).toBe('2025-12-24..2025-12-27');
    expect(quick('lastWeek', '2026-01-04')).toBe('2025-12-28..2026-01-03');
  });

  it("'Últimos 15 dias' is today and the 14 days before, clamped to the min", () => {
    expect(quick('last15Days', '2026-03-05', wide(d('2026-03-05')))).toBe('2026-02-19..2026-03-05');
    expect(quick('last15Days', '2024-03-05', wide(d('2024-03-05')))).toBe('2024-02-20..2024-03-05'); // leap year
    expect(quick('last15Days', '2026-01-05', wide(d('2026-01-05')))).toBe('2025-12-22..2026-01-05');
    expect(quick('last15Days', '2026-03-05')).toBe('2026-02-23..2026-03-05');
  });

  it("'Esse mês' is the calendar month, clamped", () => {
    expect(quick('thisMonth', '2026-01-31')).toBe('2026-01-21..2026-01-31');
    expect(quick('thisMonth', '2026-01-31', wide(d('2026-01-31')))).toBe('2026-01-01..2026-01-31');
    expect(quick('thisMonth', '2026-02-01')).toBe('2026-02-01..2026-02-11');
    expect(quick('thisMonth', '2024-02-15', wide(d('2024-02-15')))).toBe('2024-02-01..2024-02-29');
    expect(quick('thisMonth', '2025-12-31')).toBe('2025-12-21..2025-12-31');
    expect(quick('thisMonth', '2026-12-05')).toBe('2026-12-01..2026-12-15');
  });

  it("'Limpar filtro' is the widest range allowed", () => {
    expect(quick('clear', '2026-01-31')).toBe('2026-01-21..2026-02-10');
    const custom = { min: d('2025-06-01'), max: d('2026-01-31') };
    expect(quick('clear', '2026-01-31', custom)).toBe('2025-06-01..2026-01-31');
  });

  it('tells when the bounds cut a quick range short', () => {
    const clamped = (id: QuickRangeId, today: string, bounds?: DateBounds) =>
      isQuickRangeClamped(id, d(today), bounds ?? defaultBounds(d(today)));
    // 15 days back never fit in the default 10.
    expect(clamped('last15Days', '2026-03-05')).toBe(true);
    expect(clamped('last15Days', '2026-03-05', wide(d('2026-03-05')))).toBe(false);
    expect(clamped('today', '2026-03-05')).toBe(false);
    expect(clamped('thisWeek', '2026-03-05')).toBe(false);
    expect(clamped('thisMonth', '2026-01-31')).toBe(true);
    // 'Limpar filtro' is the bounds themselves, never cut.
    expect(clamped('clear', '2026-01-31')).toBe(false);
  });

  it('recognises a range that equals a quick range', () => {
    const today = d('2026-01-31');
    const bounds = defaultBounds(today);
    expect(matchingQuickRange({ start: today, end: today }, today, bounds)).toBe('today');
    expect(matchingQuickRange({ start: d('2026-01-21'), end: d('2026-02-10') }, today, bounds)).toBe('clear');
    expect(
      matchingQuickRange({ start: d('2026-01-22'), end: d('2026-01-23') }, today, bounds),
    ).toBeUndefined();
    expect(matchingQuickRange({ start: today, end: null }, today, bounds)).toBeUndefined();
  });
});

describe('monthGrid', () => {
  it('lays a month out in whole Sunday-first weeks', () => {
    const jan = monthGrid(d('2026-01-17'));
    expect(jan).toHaveLength(5);
    expect(String(jan[0]?.[0])).toBe('2025-12-28');
    expect(String(jan[0]?.[4])).toBe('2026-01-01');
    expect(String(jan[4]?.[6])).toBe('2026-01-31');
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
    const feb = monthGrid(d('2026-02-10'));
    expect(feb).toHaveLength(4);
    expect(String(feb[0]?.[0])).toBe('2026-02-01');
    expect(String(feb[3]?.[6])).toBe('2026-02-28');
  });
});

describe('month navigation', () => {
  const bounds = defaultBounds(d('2026-01-02')); // 2025-12-23 .. 2026-01-12
  it('goes back into December and forward into January across the year change', () => {
    expect(canShowPreviousMonth(d('2026-01-01'), bounds)).toBe(true);
    expect(canShowPreviousMonth(d('2025-12-01'), bounds)).toBe(false);
    expect(canShowNextMonth(d('2025-12-01'), bounds)).toBe(true);
    expect(canShowNextMonth(d('2026-01-01'), bounds)).toBe(false);
  });
  it('stops at a min on the first of a month', () => {
    const b = { min: d('2026-02-01'), max: d('2026-02-28') };
    expect(canShowPreviousMonth(d('2026-02-01'), b)).toBe(false);
    expect(canShowNextMonth(d('2026-02-01'), b)).toBe(false);
  });
});

describe('moveFocus', () => {
  const bounds = defaultBounds(d('2026-01-02'));
  it('moves by day, week and month within the bounds', () => {
    expect(String(moveFocus(d('2025-12-31'), 'ArrowRight', bounds))).toBe('2026-01-01');
    expect(String(moveFocus(d('2026-01-01'), 'ArrowLeft', bounds))).toBe('2025-12-31');
    expect(String(moveFocus(d('2026-01-08'), 'ArrowDown', bounds))).toBe('2026-01-12');
    expect(String(moveFocus(d('2025-12-25'), 'ArrowUp', bounds))).toBe('2025-12-23');
    expect(String(moveFocus(d('2026-01-01'), 'Home', bounds))).toBe('2025-12-28');
    expect(String(moveFocus(d('2026-01-01'), 'End', bounds))).toBe('2026-01-03');
    expect(String(moveFocus(d('2026-01-01'), 'PageDown', bounds))).toBe('2026-01-12');
    expect(moveFocus(d('2026-01-01'), 'a', bounds)).toBeUndefined();
  });
});
