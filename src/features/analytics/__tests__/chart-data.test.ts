import { describe, expect, it } from 'vitest';
import {
  alignSeries,
  currentViewers,
  latestValues,
  safeHttpUrl,
  seriesOrder,
  valueSteps,
} from '../lib/chart-data';
import { formatMs, formatValue } from '../lib/format';
import { dropBefore, mergePoints, newestTime } from '../lib/points';

const T = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('points', () => {
  it('merges in time order, the incoming point replacing one at the same time', () => {
    expect(
      mergePoints(
        [
          [3, 3],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 30],
        ],
      ),
    ).toEqual([
      [1, 1],
      [2, 2],
      [3, 30],
    ]);
  });
  it('drops points before a cutoff and series left empty, and returns the same object when nothing goes', () => {
    const series = { a: [[1, 1] as const, [5, 5] as const], b: [[2, 2] as const] };
    expect(dropBefore(series, 3)).toEqual({ a: [[5, 5]] });
    expect(dropBefore(series, 0)).toBe(series);
    expect(newestTime(series, { c: [[9, 0]] })).toBe(9);
    expect(newestTime({})).toBeUndefined();
  });
});

describe('chart data', () => {
  const series = {
    outros: [[T, 9] as const],
    RJ: [[T + 10_000, 2] as const],
    SP: [[T, 5] as const, [T + 10_000, 6] as const],
    desconhecido: [[T, 1] as const],
    empty: [],
  };

  it('lists the largest values first, outros and desconhecido last, empty series left out', () => {
    expect(seriesOrder(series)).toEqual(['SP', 'RJ', 'outros', 'desconhecido']);
    expect(seriesOrder({ '720p': [[T, 1]], '240p': [[T, 1]], total: [[T, 1]] })).toEqual([
      'total',
      '240p',
      '720p',
    ]);
  });

  it('puts every series on one time axis, null where a series has no point', () => {
    expect(alignSeries(series)).toEqual({
      names: ['SP', 'RJ', 'outros', 'desconhecido'],
      xs: [T, T + 10_000],
      ys: [
        [5, 6],
        [null, 2],
        [9, null],
        [1, null],
      ],
    });
  });

  it('gives the newest value of each series (the text alternative)', () => {
    expect(latestValues(series).map((v) => [v.name, v.point[1]])).toEqual([
      ['SP', 6],
      ['RJ', 2],
      ['outros', 9],
      ['desconhecido', 1],
    ]);
  });

  it('takes viewers now from a pushed bucket newer than the summary', () => {
    const summary = { viewersNow: 10, peak: 15, asOf: new Date(T + 20_000).toISOString() };
    expect(currentViewers(summary, undefined)).toEqual({ now: 10, peak: 15 });
    expect(currentViewers(summary, [[T + 10_000, 3]])).toEqual({ now: 10, peak: 15 });
    expect(currentViewers(summary, [[T + 20_000, 12]])).toEqual({ now: 12, peak: 15 });
    expect(currentViewers(summary, [[T + 30_000, 20]])).toEqual({ now: 20, peak: 20 });
    // A viewer leaves after the pushed peak: the figure shown stays the highest count pushed.
    expect(
      currentViewers(summary, [
        [T + 30_000, 20],
        [T + 40_000, 19],
      ]),
    ).toEqual({ now: 19, peak: 20 });
  });

  it('renders only web attribution links', () => {
    expect(safeHttpUrl('https://db-ip.com')).toBe('https://db-ip.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
  });
});

describe('format', () => {
  it('formats each unit', () => {
    expect(formatValue(1234, 'count', 'en')).toBe('1,234');
    expect(formatValue(2.5, 'percent', 'pt-BR')).toBe('2,5%');
    expect(formatValue(850, 'ms', 'en')).toBe('850 ms');
    expect(formatValue(1250, 'ms', 'en')).toBe('1.3 s');
    expect(formatValue(null, 'count', 'en')).toBe('—');
    expect(formatMs(95_000)).toBe('1:35');
    expect(formatMs(null)).toBe('—');
  });
});

describe('the value axis', () => {
  it('steps a count (viewers) by whole numbers only: its ticks never read "2, 2, 1, 1, 0"', () => {
    const steps = valueSteps('count');
    expect(steps?.length).toBeGreaterThan(0);
    for (const step of steps ?? []) expect(Number.isInteger(step) && step >= 1, String(step)).toBe(true);
    // Ticks 0..max on any of these steps have one label each.
    for (const step of (steps ?? []).slice(0, 4)) {
      const ticks = [0, 1, 2, 3, 4].map((i) => i * step);
      const labels = ticks.map((v) => formatValue(v, 'count', 'pt-BR'));
      expect(new Set(labels).size).toBe(ticks.length);
    }
    // Enough steps for a large audience, in order.
    expect(steps?.at(-1)).toBeGreaterThanOrEqual(1_000_000);
    expect([...(steps ?? [])].sort((a, b) => a - b)).toEqual(steps);
    // Percentages and times keep uPlot's own (fractional) steps.
    expect(valueSteps('percent')).toBeUndefined();
  });
});
