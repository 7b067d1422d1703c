import { describe, expect, it } from 'vitest';
import { liftedStartConfig, playIntentAt, startConfig } from '../startup';

describe('the embed start', () => {
  it("dates the page's first view from its navigation, a later one from now", () => {
    // The page opened at 1,000 and its player was asked to start 600 ms later (scripts, playback answer).
    expect(playIntentAt(true, 1_000.4, 1_600)).toBe(1_000);
    expect(playIntentAt(false, 1_000, 90_000)).toBe(90_000);
    // A browser without a usable navigation time keeps the old intent.
    expect(playIntentAt(true, 0, 1_600)).toBe(1_600);
    expect(playIntentAt(true, Number.NaN, 1_600)).toBe(1_600);
  });

  it('starts a live on its low renditions and lets it switch up after, leaving a VOD alone', () => {
    expect(startConfig({ kind: 'live' })).toEqual({ abr: { restrictions: { maxHeight: 360 } } });
    expect(liftedStartConfig({ kind: 'live' })).toEqual({
      abr: { restrictions: { maxHeight: Number.POSITIVE_INFINITY } },
    });
    expect(startConfig({ kind: 'vod' })).toEqual({});
    expect(liftedStartConfig({ kind: 'vod' })).toBeNull();
  });
});
