import { describe, expect, it } from 'vitest';
import { parseSeriesAnswer } from '../api/get-series';
import { breakdownResponseKey, SCALAR_METRICS, SPLIT_BREAKDOWNS } from '../lib/metrics';

const T = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('breakdownResponseKey (one letter case for every metric)', () => {
  it('names the fields as docs/analytics.md does', () => {
    expect(breakdownResponseKey('viewers', 'cdn')).toBe('viewersByCdnResponse');
    expect(breakdownResponseKey('viewers', 'state')).toBe('viewersByStateResponse');
    expect(breakdownResponseKey('viewers', 'so')).toBe('viewersBySOResponse');
    expect(breakdownResponseKey('viewers', 'networkProvider')).toBe('viewersByNetworkProviderResponse');
    expect(breakdownResponseKey('exitBeforeStart', 'state')).toBe('exitBeforeStartByStateResponse');
    expect(breakdownResponseKey('videoQuality', 'so')).toBe('videoQualityBySOResponse');
  });
});

describe('parseSeriesAnswer', () => {
  for (const metric of SCALAR_METRICS) {
    it(`reads the total and the four breakdowns of ${metric}`, () => {
      const body: Record<string, unknown> = {
        metric,
        bucketMs: 10_000,
        from: T,
        to: T + 20_000,
        total: [[T, 1]],
      };
      SPLIT_BREAKDOWNS.forEach((b, i) => {
        body[breakdownResponseKey(metric, b)] = { [`v${i}`]: [[T, i]] };
      });
      const answer = parseSeriesAnswer(metric, body);
      expect(answer.metric).toBe(metric);
      expect(answer.to).toBe(T + 20_000);
      expect(answer.entities).toEqual({
        total: { total: [[T, 1]] },
        cdn: { v0: [[T, 0]] },
        networkProvider: { v1: [[T, 1]] },
        state: { v2: [[T, 2]] },
        so: { v3: [[T, 3]] },
      });
    });
  }

  it('leaves out points without a value, puts points in time order, reads an ISO `to`', () => {
    const answer = parseSeriesAnswer('viewers', {
      metric: 'viewers',
      to: new Date(T).toISOString(),
      total: [
        [T + 10_000, 2],
        [T, 1],
        [T + 20_000, null],
      ],
    });
    expect(answer.to).toBe(T);
    expect(answer.entities.total).toEqual({
      total: [
        [T, 1],
        [T + 10_000, 2],
      ],
    });
    expect(answer.entities.state).toEqual({});
  });

  it('holds no total series for an empty total', () => {
    expect(parseSeriesAnswer('initTime', { metric: 'initTime', total: [] }).entities.total).toEqual({});
  });

  it('refuses another metric or a malformed answer', () => {
    expect(() => parseSeriesAnswer('viewers', { metric: 'initFail', total: [] })).toThrow();
    expect(() => parseSeriesAnswer('viewers', { metric: 'viewers', total: [['x', 1]] })).toThrow();
    expect(() =>
      parseSeriesAnswer('viewers', { metric: 'viewers', total: [], viewersByCdnResponse: [] }),
    ).toThrow();
    expect(() => parseSeriesAnswer('viewers', null)).toThrow();
  });

  it('reads videoQuality: a series per class, shares per breakdown value; 1280p is the 1080p class', () => {
    const answer = parseSeriesAnswer('videoQuality', {
      metric: 'videoQuality',
      total: { '240p': [[T, 10]], '720p': [[T, 60]], '1280p': [[T, 30]] },
      videoQualityByCdnResponse: { origin: { '720p': 70, '1280p': 30, audio: 5 } },
      videoQualityByStateResponse: { SP: { '240p': 100 } },
    });
    expect(answer.metric).toBe('videoQuality');
    if (answer.metric !== 'videoQuality') return;
    expect(answer.entities.total).toEqual({ '240p': [[T, 10]], '720p': [[T, 60]], '1080p': [[T, 30]] });
    expect(answer.entities.cdn).toEqual({ origin: { '720p': 70, '1080p': 30 } });
    expect(answer.entities.state).toEqual({ SP: { '240p': 100 } });
    expect(answer.entities.so).toEqual({});
  });
});
