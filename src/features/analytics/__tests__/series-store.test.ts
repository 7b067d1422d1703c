import { describe, expect, it } from 'vitest';
import { parseSeriesAnswer } from '../api/get-series';
import { BREAKDOWNS, METRICS, SCALAR_METRICS, type ScalarMetric, WINDOW_MS } from '../lib/metrics';
import type { Point } from '../lib/points';
import {
  type AnalyticsPush,
  initialSeriesState,
  type ScalarEntities,
  type SeriesAnswer,
  type SeriesState,
  seriesReducer,
} from '../lib/series-store';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const s = (seconds: number) => T0 + seconds * 1000;
const min = (minutes: number) => T0 + minutes * 60_000;

const scalar = (metric: ScalarMetric, entities: Partial<ScalarEntities>, to?: number): SeriesAnswer => ({
  metric,
  to,
  entities: { total: {}, cdn: {}, networkProvider: {}, state: {}, so: {}, ...entities },
});
const total = (points: Point[]) => ({ total: { total: points } });

const run = (state: SeriesState, ...actions: Parameters<typeof seriesReducer>[1][]) =>
  actions.reduce(seriesReducer, state);

const push = (t: number, metrics: AnalyticsPush['metrics'], quality?: AnalyticsPush['quality']) => ({
  type: 'series/pushed' as const,
  push: { liveId: 'l1', t, metrics, quality },
  windowed: true,
});

describe('the analytics store sections (SPEC §3)', () => {
  it('has one section per metric with listLoading, error and the five breakdowns', () => {
    const state = initialSeriesState();
    expect(Object.keys(state).sort()).toEqual([...METRICS].sort());
    for (const metric of METRICS) {
      expect(state[metric].listLoading).toBe(false);
      expect(state[metric].error).toBeNull();
      expect(Object.keys(state[metric].entities).sort()).toEqual([...BREAKDOWNS].sort());
    }
  });
});

describe('fetch lifecycle (SPEC §4)', () => {
  it('sets loading when a fetch starts and clears loading and error when it answers', () => {
    let state = run(
      initialSeriesState(),
      { type: 'series/fetchStarted', metric: 'viewers' },
      { type: 'series/fetchFailed', metric: 'viewers', message: 'boom' },
      { type: 'series/fetchStarted', metric: 'viewers' },
    );
    expect(state.viewers.listLoading).toBe(true);
    state = seriesReducer(state, {
      type: 'series/fetchSucceeded',
      answer: scalar('viewers', total([[s(0), 3]])),
      windowed: true,
    });
    expect(state.viewers.listLoading).toBe(false);
    expect(state.viewers.error).toBeNull();
    expect(state.viewers.entities.total.total).toEqual([[s(0), 3]]);
  });

  it('stores an error as the action type and the error text, loading cleared, the data kept', () => {
    for (const metric of METRICS) {
      const before = run(
        initialSeriesState(),
        { type: 'series/fetchSucceeded', answer: scalar('viewers', total([[s(0), 1]])), windowed: true },
        { type: 'series/fetchStarted', metric },
      );
      const after = seriesReducer(before, { type: 'series/fetchFailed', metric, message: '503 Unavailable' });
      expect(after[metric].listLoading).toBe(false);
      expect(after[metric].error).toEqual({ type: 'series/fetchFailed', message: '503 Unavailable' });
      expect(after.viewers.entities.total.total).toEqual([[s(0), 1]]);
    }
  });

  it('leaves the state as it is when a fetch starts on a section already loading', () => {
    const loading = seriesReducer(initialSeriesState(), { type: 'series/fetchStarted', metric: 'initTime' });
    expect(seriesReducer(loading, { type: 'series/fetchStarted', metric: 'initTime' })).toBe(loading);
  });

  it('touches only the section of the metric', () => {
    const state = initialSeriesState();
    const next = seriesReducer(state, { type: 'series/fetchStarted', metric: 'rebuffering' });
    expect(next.viewers).toBe(state.viewers);
    expect(next.videoQuality).toBe(state.videoQuality);
  });
});

describe('merging (SPEC §4: new points ahead, same time replaced)', () => {
  for (const metric of ['viewers', 'rebuffering', 'initFail', 'exitBeforeStart'] as const) {
    it(`merges a fetch of ${metric} into what it holds`, () => {
      const state = run(
        initialSeriesState(),
        {
          type: 'series/fetchSucceeded',
          answer: scalar(metric, {
            ...total([
              [s(0), 1],
              [s(10), 2],
            ]),
            state: { SP: [[s(0), 1]] },
          }),
          windowed: true,
        },
        {
          type: 'series/fetchSucceeded',
          answer: scalar(metric, {
            ...total([
              [s(10), 5],
              [s(20), 3],
            ]),
            state: { RJ: [[s(20), 2]] },
          }),
          windowed: true,
        },
      );
      expect(state[metric].entities.total.total).toEqual([
        [s(0), 1],
        [s(10), 5],
        [s(20), 3],
      ]);
      expect(state[metric].entities.state).toEqual({ SP: [[s(0), 1]], RJ: [[s(20), 2]] });
    });
  }

  it('merges a push into the total and every breakdown it carries, a point of the same bucket replaced', () => {
    const state = run(
      initialSeriesState(),
      push(s(0), { viewers: { total: 4, split: { state: { SP: 3, RJ: 1 }, cdn: { origin: 4 } } } }),
      push(s(0), { viewers: { total: 6, split: { state: { SP: 5 } } } }),
      push(s(10), { viewers: { total: 7, split: { so: { Android: 7 } } } }),
    );
    const v = state.viewers.entities;
    expect(v.total.total).toEqual([
      [s(0), 6],
      [s(10), 7],
    ]);
    expect(v.state).toEqual({ SP: [[s(0), 5]], RJ: [[s(0), 1]] });
    expect(v.cdn).toEqual({ origin: [[s(0), 4]] });
    expect(v.so).toEqual({ Android: [[s(10), 7]] });
    expect(v.networkProvider).toEqual({});
  });

  it('merges every scalar metric of a push, and the quality shares into their classes', () => {
    const metrics = Object.fromEntries(SCALAR_METRICS.map((m, i) => [m, { total: i + 1, split: {} }]));
    const state = seriesReducer(initialSeriesState(), push(s(0), metrics, { '240p': 10, '1080p': 90 }));
    SCALAR_METRICS.forEach((m, i) => {
      expect(state[m].entities.total.total).toEqual([[s(0), i + 1]]);
    });
    expect(state.videoQuality.entities.total).toEqual({ '240p': [[s(0), 10]], '1080p': [[s(0), 90]] });
  });

  it('does not change loading or error on a push', () => {
    const state = run(
      initialSeriesState(),
      { type: 'series/fetchStarted', metric: 'viewers' },
      push(s(0), { viewers: { total: 1, split: {} } }),
    );
    expect(state.viewers.listLoading).toBe(true);
  });
});

describe('the 30-minute window (SPEC §4, §9)', () => {
  for (const metric of SCALAR_METRICS) {
    it(`drops ${metric} points older than 30 minutes than the newest on a push`, () => {
      const state = run(
        initialSeriesState(),
        push(min(0), { [metric]: { total: 1, split: { state: { SP: 1 } } } }),
        push(min(10), { [metric]: { total: 2, split: { state: { RJ: 2 } } } }),
        push(min(31), { [metric]: { total: 3, split: {} } }),
      );
      expect(state[metric].entities.total.total).toEqual([
        [min(10), 2],
        [min(31), 3],
      ]);
      // A breakdown value with no point left in the window is gone.
      expect(state[metric].entities.state).toEqual({ RJ: [[min(10), 2]] });
    });
  }

  it('keeps a point exactly 30 minutes old', () => {
    const state = run(
      initialSeriesState(),
      push(min(0), { viewers: { total: 1, split: {} } }),
      push(min(30), { viewers: { total: 2, split: {} } }),
    );
    expect(state.viewers.entities.total.total).toHaveLength(2);
  });

  it('measures the window from the end of the fetched window when it is newer than every point', () => {
    const state = seriesReducer(
      run(initialSeriesState(), push(min(0), { rebuffering: { total: 1, split: {} } })),
      {
        type: 'series/fetchSucceeded',
        answer: scalar('rebuffering', total([[min(5), 2]]), min(0) + WINDOW_MS + 60_000),
        windowed: true,
      },
    );
    expect(state.rebuffering.entities.total.total).toEqual([[min(5), 2]]);
  });

  it('keeps the whole history of a finished live: the answer replaces it, nothing is dropped', () => {
    const history: Point[] = [
      [min(0), 10],
      [min(60), 20],
      [min(120), 5],
    ];
    const state = run(
      initialSeriesState(),
      push(min(119), { viewers: { total: 9, split: { state: { SP: 9 } } } }),
      { type: 'series/fetchSucceeded', answer: scalar('viewers', total(history)), windowed: false },
      {
        type: 'series/pushed',
        push: { liveId: 'l1', t: min(121), metrics: { viewers: { total: 1, split: {} } } },
        windowed: false,
      },
    );
    expect(state.viewers.entities.total.total).toEqual([...history, [min(121), 1]]);
    expect(state.viewers.entities.state).toEqual({});
  });

  it('drops old quality points on a push while the live is on air', () => {
    const state = run(
      initialSeriesState(),
      push(min(0), {}, { '720p': 100 }),
      push(min(45), {}, { '720p': 80, '480p': 20 }),
    );
    expect(state.videoQuality.entities.total).toEqual({ '720p': [[min(45), 80]], '480p': [[min(45), 20]] });
  });
});

describe('initTime and videoQuality fetches (SPEC §4: replaced only by a non-empty answer)', () => {
  it('replaces initTime with a non-empty answer', () => {
    const state = run(
      initialSeriesState(),
      {
        type: 'series/fetchSucceeded',
        answer: scalar(
          'initTime',
          total([
            [s(0), 900],
            [s(10), 800],
          ]),
        ),
        windowed: true,
      },
      { type: 'series/fetchSucceeded', answer: scalar('initTime', total([[s(20), 700]])), windowed: true },
    );
    expect(state.initTime.entities.total.total).toEqual([[s(20), 700]]);
  });

  it('keeps initTime when the answer is empty, loading and error cleared all the same', () => {
    const state = run(
      initialSeriesState(),
      { type: 'series/fetchSucceeded', answer: scalar('initTime', total([[s(0), 900]])), windowed: true },
      { type: 'series/fetchFailed', metric: 'initTime', message: 'x' },
      { type: 'series/fetchStarted', metric: 'initTime' },
      { type: 'series/fetchSucceeded', answer: scalar('initTime', {}), windowed: true },
    );
    expect(state.initTime.entities.total.total).toEqual([[s(0), 900]]);
    expect(state.initTime.listLoading).toBe(false);
    expect(state.initTime.error).toBeNull();
  });

  it('replaces videoQuality with a non-empty answer and keeps it for an empty one', () => {
    const quality = (total: Record<string, Point[]>): SeriesAnswer => ({
      metric: 'videoQuality',
      entities: { total, cdn: { origin: { '720p': 100 } }, networkProvider: {}, state: {}, so: {} },
    });
    let state = seriesReducer(initialSeriesState(), {
      type: 'series/fetchSucceeded',
      answer: quality({ '720p': [[s(0), 100]] }),
      windowed: true,
    });
    expect(state.videoQuality.entities.total).toEqual({ '720p': [[s(0), 100]] });
    expect(state.videoQuality.entities.cdn).toEqual({ origin: { '720p': 100 } });
    state = seriesReducer(state, { type: 'series/fetchSucceeded', answer: quality({}), windowed: true });
    expect(state.videoQuality.entities.total).toEqual({ '720p': [[s(0), 100]] });
    state = seriesReducer(state, {
      type: 'series/fetchSucceeded',
      answer: quality({ '1080p': [[s(10), 100]] }),
      windowed: true,
    });
    expect(state.videoQuality.entities.total).toEqual({ '1080p': [[s(10), 100]] });
  });
});

describe('the exit-before-start state breakdown (SPEC §8 defect)', () => {
  it('lands a state breakdown of exitBeforeStart in its state breakdown', () => {
    const body = {
      metric: 'exitBeforeStart',
      bucketMs: 10_000,
      from: s(0),
      to: s(20),
      total: [[s(10), 12.5]],
      exitBeforeStartByCdnResponse: {},
      exitBeforeStartByStateResponse: { SP: [[s(10), 20]], MG: [[s(10), 5]] },
      exitBeforeStartBySOResponse: {},
      exitBeforeStartByNetworkProviderResponse: {},
    };
    const state = seriesReducer(initialSeriesState(), {
      type: 'series/fetchSucceeded',
      answer: parseSeriesAnswer('exitBeforeStart', body),
      windowed: true,
    });
    expect(state.exitBeforeStart.entities.state).toEqual({ SP: [[s(10), 20]], MG: [[s(10), 5]] });
    expect(state.exitBeforeStart.entities.total.total).toEqual([[s(10), 12.5]]);
    expect(state.viewers.entities.state).toEqual({});
  });

  it('reads no field spelled in another case', () => {
    const answer = parseSeriesAnswer('exitBeforeStart', {
      metric: 'exitBeforeStart',
      total: [],
      exitBeforeStartBystateResponse: { SP: [[s(10), 20]] },
      exitbeforestartByStateResponse: { RJ: [[s(10), 20]] },
    });
    expect(answer.entities.state).toEqual({});
  });
});
