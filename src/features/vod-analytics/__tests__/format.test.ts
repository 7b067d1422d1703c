import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatStartup, formatWatchTime } from '../lib/format';

describe('VOD analytics figures', () => {
  it('groups counts in the locale', () => {
    expect(formatCount(12345, 'pt-BR')).toBe('12.345');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('says watch time in seconds, minutes, then hours', () => {
    expect(formatWatchTime(45_000, 'en')).toBe('45 s');
    expect(formatWatchTime(720_000, 'en')).toBe('12 min');
    expect(formatWatchTime(5_400_000, 'pt-BR')).toBe('1,5 h');
    expect(formatWatchTime(4_444_200_000, 'en')).toBe('1,234.5 h');
    expect(formatWatchTime(0, 'en')).toBe('0 s');
  });

  it('says startup in ms under a second, else seconds; unknown is a dash', () => {
    expect(formatStartup(850, 'en')).toBe('850 ms');
    expect(formatStartup(1234, 'pt-BR')).toBe('1,2 s');
    expect(formatStartup(null, 'en')).toBe('—');
  });

  it('reads rebufferPercent as 0–100', () => {
    expect(formatPercent(2.4, 'en')).toBe('2.4%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(null, 'pt-BR')).toBe('—');
  });
});
