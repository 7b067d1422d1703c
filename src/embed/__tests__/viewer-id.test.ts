import { describe, expect, it } from 'vitest';
import { MAX_VIEWER_ID_MS, viewerIdDuration, viewerIdSpot } from '../viewer-id';

describe('the viewer-ID overlay', () => {
  const now = Date.parse('2026-11-25T15:00:00.000Z');

  it('shows until the signal’s end, not at all when it is past or unreadable, never beyond the cap', () => {
    expect(viewerIdDuration('2026-11-25T15:01:00.000Z', now)).toBe(60_000);
    expect(viewerIdDuration('2026-11-25T14:59:00.000Z', now)).toBe(0);
    expect(viewerIdDuration('soon', now)).toBe(0);
    expect(viewerIdDuration('2026-11-26T15:00:00.000Z', now)).toBe(MAX_VIEWER_ID_MS);
  });

  it('moves between distinct spots so a crop cannot hide it', () => {
    const spots = new Set(Array.from({ length: 5 }, (_, i) => JSON.stringify(viewerIdSpot(i))));
    expect(spots.size).toBe(5);
    expect(viewerIdSpot(5)).toEqual(viewerIdSpot(0));
  });
});
