import { describe, expect, it } from 'vitest';
import { parsePush, qualityClassOf } from '../lib/push';

const event = {
  id: '42',
  evento: 'analytics',
  timestamp: '2026-11-25T12:00:02.000Z',
  live_id: 'l1',
  t: 1_780_000_000_000,
  viewers: {
    total: 12,
    so: { Android: 7, iOS: 5 },
    state: { SP: 12 },
    networkProvider: {},
    cdn: { origin: 12 },
  },
  rebuffering: { total: 1.5, so: {}, state: { SP: null }, networkProvider: {}, cdn: {} },
  initFail: { total: 0 },
  exitBeforeStart: { total: null },
  initTime: { total: 850, state: { SP: 850 } },
  videoQuality: { '360p': 20, '720p': 80, '1280p': 0 },
};

describe('parsePush (docs/analytics.md "Push")', () => {
  it('reads every metric of the bucket, its total and breakdowns, leaving null values out', () => {
    const push = parsePush(event);
    expect(push).not.toBeNull();
    expect(push?.liveId).toBe('l1');
    expect(push?.t).toBe(event.t);
    expect(push?.metrics.viewers).toEqual({
      total: 12,
      split: { so: { Android: 7, iOS: 5 }, state: { SP: 12 }, networkProvider: {}, cdn: { origin: 12 } },
    });
    expect(push?.metrics.rebuffering?.split.state).toEqual({});
    expect(push?.metrics.initFail).toEqual({ total: 0, split: {} });
    expect(push?.metrics.exitBeforeStart).toEqual({ split: {} });
    expect(push?.metrics.initTime).toEqual({ total: 850, split: { state: { SP: 850 } } });
    expect(push?.quality).toEqual({ '360p': 20, '720p': 80, '1080p': 0 });
  });

  it('takes a push without id and with only some metrics', () => {
    const push = parsePush({ evento: 'analytics', live_id: 'l2', t: 5, viewers: { total: 1 } });
    expect(push?.metrics).toEqual({ viewers: { total: 1, split: {} } });
    expect(push?.quality).toBeUndefined();
  });

  it('refuses other events and malformed pushes', () => {
    expect(parsePush({ ...event, evento: 'espectadores' })).toBeNull();
    expect(parsePush({ ...event, t: '12:00' })).toBeNull();
    expect(parsePush({ ...event, viewers: { total: 'many' } })).toBeNull();
    expect(parsePush(null)).toBeNull();
  });

  it('names the quality classes as Palco does', () => {
    expect(qualityClassOf('1280p')).toBe('1080p');
    expect(qualityClassOf('480p')).toBe('480p');
    expect(qualityClassOf('audio')).toBeUndefined();
  });
});
