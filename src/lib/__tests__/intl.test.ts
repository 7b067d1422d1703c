import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDuration, numberFormat, shortDateTime } from '../intl';

describe('dateTimeFormat', () => {
  const at = new Date('2026-11-22T15:04:00Z');

  it('formats in the locale, options and time zone asked for', () => {
    const utc = { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('pt-BR', utc).format(at)).toBe('22/11/2026, 15:04');
    expect(dateTimeFormat('en', utc).format(at)).toBe('11/22/26, 3:04 PM');
    expect(dateTimeFormat('pt-BR', { ...utc, timeZone: 'America/Sao_Paulo' }).format(at)).toBe(
      '22/11/2026, 12:04',
    );
  });

  it('creates one formatter per locale and options, and reuses it', () => {
    const options = { dateStyle: 'short', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('pt-BR', options)).toBe(dateTimeFormat('pt-BR', { ...options }));
    expect(dateTimeFormat('pt-BR', options)).not.toBe(dateTimeFormat('en', options));
  });
});

describe('numberFormat', () => {
  it('formats in the locale and options asked for, one formatter per locale and options', () => {
    expect(numberFormat('pt-BR', { maximumFractionDigits: 1 }).format(1536.25)).toBe('1.536,3');
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1536.25)).toBe('1,536.3');
    expect(numberFormat('pt-BR', { maximumFractionDigits: 1 })).toBe(
      numberFormat('pt-BR', { maximumFractionDigits: 1 }),
    );
    // A date and a number formatter with the same locale and options are different objects.
    expect(numberFormat('en', {})).not.toBe(dateTimeFormat('en', {}));
  });
});

describe('shortDateTime', () => {
  const savedTz = process.env.TZ;
  afterAll(() => {
    process.env.TZ = savedTz;
  });

  // Every 7 h 13 min over two years (midnights, noons, both sides of daylight-saving changes), in
  // zones with and without daylight saving: the hand-written text is Intl's, letter for letter.
  for (const zone of ['America/New_York', 'America/Sao_Paulo', 'Asia/Kolkata']) {
    describe(zone, () => {
      beforeAll(() => {
        process.env.TZ = zone;
      });
      it.each(['pt-BR', 'en'])('is what Intl says in %s', (locale) => {
        const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
        const start = Date.parse('2025-01-01T00:00:00Z');
        let compared = 0;
        for (let t = start; t < start + 2 * 365 * 86_400_000; t += (7 * 60 + 13) * 60_000) {
          const date = new Date(t);
          expect(shortDateTime(date, locale)).toBe(intl.format(date));
          compared++;
        }
        expect(compared).toBeGreaterThan(2000);
        expect(shortDateTime(new Date(2026, 0, 5, 0, 5), locale)).toBe(
          locale === 'en' ? '1/5/26, 12:05 AM' : '05/01/2026, 00:05',
        );
      });
    });
  }

  it('goes through Intl for another time zone or locale', () => {
    const at = new Date('2026-11-22T15:04:00Z');
    expect(shortDateTime(at, 'pt-BR', 'America/Sao_Paulo')).toBe('22/11/2026, 12:04');
    expect(shortDateTime(at, 'de', 'UTC')).toBe('22.11.26, 15:04');
  });
});

describe('formatDuration', () => {
  it('writes m:ss under an hour and h:mm:ss from one', () => {
    expect(formatDuration(4)).toBe('0:04');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3120)).toBe('52:00');
    expect(formatDuration(3600 + 62)).toBe('1:01:02');
    expect(formatDuration(10800)).toBe('3:00:00');
  });

  it('has nothing to say of an unknown duration', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });
});
