import { describe, expect, it } from 'vitest';
import { validateRecordsSearch, withDefaults } from '../lib/search';

const UUID = '0b8f6c9e-3d2a-4e51-9a7b-1c2d3e4f5a6b';

describe('validateRecordsSearch', () => {
  it('keeps good values', () => {
    expect(
      validateRecordsSearch({
        page: 3,
        limit: 25,
        order: 'asc',
        by: 'user',
        q: 'owner@',
        start: '2026-01-01',
        end: '2026-01-07',
        clientId: UUID,
        accountId: UUID.toUpperCase(),
      }),
    ).toEqual({
      page: 3,
      limit: 25,
      order: 'asc',
      by: 'user',
      q: 'owner@',
      start: '2026-01-01',
      end: '2026-01-07',
      clientId: UUID,
      accountId: UUID,
    });
  });

  it('reads numbers written as text', () => {
    expect(validateRecordsSearch({ page: '2', limit: '50' })).toEqual({ page: 2, limit: 50 });
  });

  it('drops defaults so they stay out of the address', () => {
    expect(validateRecordsSearch({ page: 1, limit: 10, order: 'desc', by: 'identifier', q: '  ' })).toEqual(
      {},
    );
  });

  it('falls back to the defaults on bad values, never throwing', () => {
    const bad = validateRecordsSearch({
      page: -2,
      limit: 20,
      order: 'sideways',
      by: 'ip',
      q: { nested: true },
      start: '01/02/2026',
      end: 7,
      clientId: 'not-a-uuid',
      accountId: ['x'],
    });
    expect(bad).toEqual({});
    expect(withDefaults(bad)).toEqual({ page: 1, limit: 10, order: 'desc', by: 'identifier', q: '' });
    expect(validateRecordsSearch({ page: 2.5 })).toEqual({});
    expect(validateRecordsSearch({ page: '1e3' })).toEqual({});
    expect(validateRecordsSearch({ page: Number.MAX_VALUE })).toEqual({});
    expect(validateRecordsSearch({ page: '' })).toEqual({});
  });

  it('takes a search text the router parsed as a number or boolean, trimmed and at most 100 characters', () => {
    expect(validateRecordsSearch({ q: 123 })).toEqual({ q: '123' });
    expect(validateRecordsSearch({ q: true })).toEqual({ q: 'true' });
    expect(validateRecordsSearch({ q: '  abc ' })).toEqual({ q: 'abc' });
    expect(validateRecordsSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });

  it('keeps a date range only when both ends have the date shape', () => {
    expect(validateRecordsSearch({ start: '2026-01-01' })).toEqual({});
    expect(validateRecordsSearch({ end: '2026-01-01' })).toEqual({});
    expect(validateRecordsSearch({ start: '2026-01-01', end: '2026-1-2' })).toEqual({});
  });
});

describe('validateRecordsSearch over the raw search', () => {
  it('names every key, so merged over the raw search a bad value cannot survive', () => {
    const raw = {
      page: -4,
      limit: 7,
      order: 'up',
      by: 'ip',
      start: 'x',
      end: 'y',
      clientId: 1,
      accountId: 2,
      q: {},
    };
    const merged = { ...raw, ...validateRecordsSearch(raw) };
    expect(Object.values(merged).every((v) => v === undefined)).toBe(true);
  });
});
