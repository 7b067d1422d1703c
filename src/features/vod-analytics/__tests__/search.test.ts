import { describe, expect, it } from 'vitest';
import { periodOf, searchOf, validateVodAnalyticsSearch, windowOf } from '../lib/search';
import { FOLDER } from './fixtures';

describe("the VOD analytics page's URL", () => {
  it('keeps a folder id and the 7 or 90 day periods, and drops anything else', () => {
    expect(validateVodAnalyticsSearch({ folder: FOLDER.toUpperCase(), days: 7 })).toEqual({
      folder: FOLDER,
      days: 7,
    });
    expect(validateVodAnalyticsSearch({ days: '90' })).toEqual({ days: 90 });
    // 30 is the default: the plain address.
    expect(validateVodAnalyticsSearch({ days: 30 })).toEqual({});
    expect(validateVodAnalyticsSearch({ folder: '../x', days: 365 })).toEqual({});
    expect(validateVodAnalyticsSearch({ folder: 42, days: 'x' })).toEqual({});
  });

  it('reads the period (30 days by default) and writes the URL without the default', () => {
    expect(periodOf({})).toBe(30);
    expect(periodOf({ days: 90 })).toBe(90);
    expect(searchOf(FOLDER, 30)).toEqual({ folder: FOLDER });
    expect(searchOf(undefined, 7)).toEqual({ days: 7 });
    expect(searchOf(undefined, 30)).toEqual({});
  });

  it('asks for the last N days of 24 h up to now', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(windowOf(7, now)).toEqual({ from: now - 7 * 86_400_000, to: now });
    expect(windowOf(90, now).from).toBe(now - 90 * 86_400_000);
  });
});
