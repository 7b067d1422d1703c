import { describe, expect, it } from 'vitest';
import { announceToHost } from '../host-events';
import { playbackInfo } from './fixture';

/** A frame whose parent records what it is sent. */
function frame() {
  const sent: { message: unknown; origin: string }[] = [];
  const parent = { postMessage: (message: unknown, origin: string) => sent.push({ message, origin }) };
  const dataset: Record<string, string> = {};
  const win = { parent, document: { documentElement: { dataset } } } as unknown as Window & {
    document: Document;
  };
  return { win, sent, dataset };
}

describe("the host page's message", () => {
  it("passes the stream's analytics measurement ID to the embedding page, at its origin only", () => {
    const { win, sent, dataset } = frame();
    const info = playbackInfo({ analyticsMeasurementId: 'G-ABC123', status: 'live' });
    announceToHost(info, 'https://site.example', win);
    expect(sent).toEqual([
      {
        message: {
          source: 'palco-player',
          type: 'playback',
          kind: info.kind,
          id: info.id,
          status: 'live',
          analyticsMeasurementId: 'G-ABC123',
        },
        origin: 'https://site.example',
      },
    ]);
    expect(dataset.analyticsMeasurementId).toBe('G-ABC123');
  });

  it('sends nothing on a top-level visit, and drops an ID the stream no longer has', () => {
    const { win, sent, dataset } = frame();
    announceToHost(playbackInfo({ analyticsMeasurementId: 'G-1' }), null, win);
    expect(sent).toEqual([]);
    expect(dataset.analyticsMeasurementId).toBe('G-1');
    announceToHost(playbackInfo({ analyticsMeasurementId: null }), 'https://site.example', win);
    expect(dataset.analyticsMeasurementId).toBeUndefined();
    expect(sent).toMatchObject([{ message: { analyticsMeasurementId: null } }]);
  });
});
