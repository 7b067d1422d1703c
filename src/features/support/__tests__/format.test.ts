import { describe, expect, it } from 'vitest';
import { countryName, formatMs, formatPlayhead, placeOf, sinceStart } from '../lib/format';

describe('formatMs', () => {
  it('milliseconds under a second', () => {
    expect(formatMs(0, 'pt-BR')).toBe('0 ms');
    expect(formatMs(849.6, 'pt-BR')).toBe('850 ms');
  });

  it('seconds with one decimal at most, in the locale', () => {
    expect(formatMs(1100, 'pt-BR')).toBe('1,1 s');
    expect(formatMs(1100, 'en')).toBe('1.1 s');
    expect(formatMs(3000, 'pt-BR')).toBe('3 s');
    expect(formatMs(59_940, 'en')).toBe('59.9 s');
  });

  it('m:ss from a minute, h:mm:ss from an hour', () => {
    expect(formatMs(59_960, 'pt-BR')).toBe('1:00');
    expect(formatMs(125_000, 'pt-BR')).toBe('2:05');
    expect(formatMs(3_725_000, 'en')).toBe('1:02:05');
  });

  it('nothing for an unknown length', () => {
    expect(formatMs(null, 'pt-BR')).toBeNull();
    expect(formatMs(undefined, 'pt-BR')).toBeNull();
    expect(formatMs(-1, 'pt-BR')).toBeNull();
    expect(formatMs(Number.NaN, 'pt-BR')).toBeNull();
  });
});

describe('formatPlayhead', () => {
  it('m:ss, with tenths between seconds', () => {
    expect(formatPlayhead(0)).toBe('0:00');
    expect(formatPlayhead(15)).toBe('0:15');
    expect(formatPlayhead(12.5)).toBe('0:12.5');
    expect(formatPlayhead(12.96)).toBe('0:13');
    expect(formatPlayhead(59.95)).toBe('1:00');
  });

  it('h:mm:ss for a long live', () => {
    expect(formatPlayhead(3725.25)).toBe('1:02:05.3');
    expect(formatPlayhead(36_000)).toBe('10:00:00');
  });

  it('nothing for an unknown playhead', () => {
    expect(formatPlayhead(null)).toBeNull();
    expect(formatPlayhead(-3)).toBeNull();
  });
});

describe('sinceStart', () => {
  it('the time from the view start', () => {
    expect(sinceStart('2026-11-27T15:00:12.400Z', '2026-11-27T15:00:00.000Z')).toBe('+0:12');
    expect(sinceStart('2026-11-27T16:01:00Z', '2026-11-27T15:00:00Z')).toBe('+1:01:00');
    // A player clock a little behind the server's: never a negative time.
    expect(sinceStart('2026-11-27T14:59:59Z', '2026-11-27T15:00:00Z')).toBe('+0:00');
    expect(sinceStart('bad', '2026-11-27T15:00:00Z')).toBeNull();
  });
});

describe('place', () => {
  it('city and state, whichever is known', () => {
    expect(placeOf({ city: 'Campinas', state: 'São Paulo' })).toBe('Campinas, São Paulo');
    expect(placeOf({ city: null, state: 'São Paulo' })).toBe('São Paulo');
    expect(placeOf({ city: '', state: null })).toBeNull();
  });

  it('a country by name in the locale', () => {
    expect(countryName('BR', 'pt-BR')).toBe('Brasil');
    expect(countryName('br', 'en')).toBe('Brazil');
    expect(countryName(null, 'en')).toBeNull();
  });
});
