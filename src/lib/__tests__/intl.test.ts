import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTimeFormat, formatDuration, formatMilliseconds, numberFormat } from '../intl';

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
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  // A fresh module: its formatters are created in the time zone set here.
  const fresh = async (zone: string) => {
    process.env.TZ = zone;
    vi.resetModules();
    return (await import('../intl')).shortDateTime;
  };

  it("writes pt-BR and en dates in the browser's time zone", async () => {
    const format = await fresh('America/Sao_Paulo');
    const at = new Date('2026-11-22T15:04:00Z');
    expect(format(at, 'pt-BR')).toBe('22/11/2026, 12:04');
    expect(format(at, 'en')).toBe('11/22/26, 12:04 PM');
    expect(format(new Date('2026-01-05T03:05:00Z'), 'pt-BR')).toBe('05/01/2026, 00:05');
    expect(format(new Date('2026-01-05T03:05:00Z'), 'en')).toBe('1/5/26, 12:05 AM');
  });

  it("names the user's zone on request, and never writes another zone", async () => {
    const format = await fresh('America/Sao_Paulo');
    const at = new Date('2026-11-22T15:04:00Z');
    expect(format(at, 'pt-BR', { zone: true })).toBe('22/11/2026, 12:04 BRT');
    expect(format(at, 'en', { zone: true })).toMatch(/^11\/22\/26, 12:04 PM (GMT-3|BRT)$/);
  });

  it('creates one Intl.DateTimeFormat per locale and option set, on first use, and reuses it', async () => {
    const format = await fresh('America/New_York');
    const at = new Date('2026-11-22T15:04:00Z');
    const created: [string, string | undefined][] = [];
    const Original = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: [string, Intl.DateTimeFormatOptions]) {
        created.push([args[0], args[1]?.timeZoneName]);
        return new target(...args);
      },
    });
    try {
      for (let i = 0; i < 3; i++) {
        format(at, 'pt-BR');
        format(at, 'en');
        format(at, 'en', { zone: true });
      }
    } finally {
      Intl.DateTimeFormat = Original;
    }
    expect(created).toEqual([
      ['pt-BR', undefined],
      ['en', undefined],
      ['en', 'short'],
    ]);
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

describe('formatMilliseconds', () => {
  it('writes ms under a second and seconds with one decimal after, in the locale', () => {
    expect(formatMilliseconds(849.6, 'pt-BR')).toBe('850 ms');
    expect(formatMilliseconds(1234, 'pt-BR')).toBe('1,2 s');
    expect(formatMilliseconds(1234, 'en')).toBe('1.2 s');
    expect(formatMilliseconds(125_000, 'en')).toBe('125 s');
  });

  it('writes a clock from a minute on where the screen asks for it', () => {
    expect(formatMilliseconds(59_940, 'en', { clockFromMinute: true })).toBe('59.9 s');
    expect(formatMilliseconds(59_960, 'pt-BR', { clockFromMinute: true })).toBe('1:00');
    expect(formatMilliseconds(3_725_000, 'en', { clockFromMinute: true })).toBe('1:02:05');
  });

  it('gives null for an unknown time', () => {
    expect(formatMilliseconds(null, 'en')).toBeNull();
    expect(formatMilliseconds(-1, 'en')).toBeNull();
    expect(formatMilliseconds(Number.NaN, 'en')).toBeNull();
  });
});
