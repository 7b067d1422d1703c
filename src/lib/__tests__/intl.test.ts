import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../intl';

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
