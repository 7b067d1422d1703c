import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTemporal } from '@/lib/temporal';
import {
  apiRange,
  defaultRange,
  effectiveRange,
  isDefaultRange,
  isUnfilteredRange,
  parseDate,
  rangeToSearch,
} from '../lib/range';

const d = (iso: string) => Temporal.PlainDate.from(iso);
const show = (r: { start: unknown; end: unknown }) => `${r.start}..${r.end}`;

beforeAll(async () => {
  await loadTemporal();
});

describe('records date range', () => {
  const today = d('2026-01-03');

  it('defaults to 7 days before today until today', () => {
    expect(show(defaultRange(today))).toBe('2025-12-27..2026-01-03');
    expect(show(effectiveRange({}, today))).toBe('2025-12-27..2026-01-03');
  });

  it("counts neither the default nor 'Limpar filtro' (the widest range) as a date filter", () => {
    const widest = { start: d('2025-12-24'), end: d('2026-01-13') };
    expect(isUnfilteredRange(widest, today)).toBe(true);
    expect(isDefaultRange(widest, today)).toBe(false);
    expect(isUnfilteredRange(defaultRange(today), today)).toBe(false);
    expect(isUnfilteredRange({ start: d('2025-12-24'), end: d('2026-01-12') }, today)).toBe(false);
  });

  it('uses the URL range, clamped to 10 days before and after today', () => {
    expect(show(effectiveRange({ start: '2025-12-30', end: '2026-01-02' }, today))).toBe(
      '2025-12-30..2026-01-02',
    );
    expect(show(effectiveRange({ start: '2025-11-01', end: '2026-02-01' }, today))).toBe(
      '2025-12-24..2026-01-13',
    );
    expect(show(effectiveRange({ start: '2020-01-01', end: '2020-01-31' }, today))).toBe(
      '2025-12-24..2025-12-24',
    );
  });

  it('falls back to the default for dates that are not in the calendar or a reversed range', () => {
    expect(parseDate('2026-02-30')).toBeUndefined();
    expect(parseDate('2026-13-01')).toBeUndefined();
    expect(String(parseDate('2024-02-29'))).toBe('2024-02-29');
    expect(show(effectiveRange({ start: '2026-02-30', end: '2026-03-01' }, today))).toBe(
      '2025-12-27..2026-01-03',
    );
    expect(show(effectiveRange({ start: '2026-01-02', end: '2026-01-01' }, today))).toBe(
      '2025-12-27..2026-01-03',
    );
  });

  it('writes the default range as nothing in the URL', () => {
    expect(rangeToSearch(defaultRange(today), today)).toEqual({ start: undefined, end: undefined });
    expect(rangeToSearch({ start: d('2026-01-01'), end: d('2026-01-02') }, today)).toEqual({
      start: '2026-01-01',
      end: '2026-01-02',
    });
  });

  it('asks the API from the first to the last instant of the chosen days in the time zone', () => {
    const range = { start: d('2025-12-31'), end: d('2026-01-01') };
    expect(apiRange(range, 'America/Sao_Paulo')).toEqual({
      start: '2025-12-31T03:00:00Z',
      end: '2026-01-02T02:59:59.999Z',
    });
    expect(apiRange(range, 'UTC')).toEqual({
      start: '2025-12-31T00:00:00Z',
      end: '2026-01-01T23:59:59.999Z',
    });
    // A day that starts an hour late (DST in Europe/Lisbon on 2026-03-29 is 23 hours long).
    expect(apiRange({ start: d('2026-03-29'), end: d('2026-03-29') }, 'Europe/Lisbon')).toEqual({
      start: '2026-03-29T00:00:00Z',
      end: '2026-03-29T22:59:59.999Z',
    });
  });
});
