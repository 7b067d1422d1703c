import {
  type Breakdown,
  type Metric,
  type QualityClass,
  SCALAR_METRICS,
  type ScalarMetric,
  SPLIT_BREAKDOWNS,
  type SplitBreakdown,
  WINDOW_MS,
} from './metrics';
import { dropBefore, hasPoints, mergeNamed, type NamedSeries, newestTime, type Point } from './points';

/** A metric's series, by breakdown: `total` holds one series named `total`, each other breakdown one
 * series per value (`SP`, `akamai`, `outros`, `desconhecido`). */
export type ScalarEntities = Readonly<Record<Breakdown, NamedSeries>>;

/** Share of playing time per quality class, in percent. */
export type QualityShares = Readonly<Partial<Record<QualityClass, number>>>;
/** `videoQuality`: `total` is one series per quality class; each breakdown value has its shares over
 * the window (docs/analytics.md "API"). */
export interface QualityEntities {
  readonly total: NamedSeries;
  readonly cdn: Readonly<Record<string, QualityShares>>;
  readonly networkProvider: Readonly<Record<string, QualityShares>>;
  readonly state: Readonly<Record<string, QualityShares>>;
  readonly so: Readonly<Record<string, QualityShares>>;
}

/** SPEC §4: "errors are stored as action type plus error text". */
export interface SectionError {
  readonly type: string;
  readonly message: string;
}

/** One metric's section of the store (SPEC §3 "Analytics store sections"). */
export interface Section<E> {
  readonly listLoading: boolean;
  readonly error: SectionError | null;
  readonly entities: E;
}
export type ScalarSection = Section<ScalarEntities>;
export type QualitySection = Section<QualityEntities>;
export type SeriesState = { readonly [M in ScalarMetric]: ScalarSection } & {
  readonly videoQuality: QualitySection;
};

/** A parsed `GET …/series/{metric}` answer. `to` is the end of the window the server read. */
export type SeriesAnswer =
  | { metric: ScalarMetric; to?: number; entities: ScalarEntities }
  | { metric: 'videoQuality'; to?: number; entities: QualityEntities };

/** A parsed `analytics` push (docs/analytics.md "Push"): the values of one bucket starting at `t`. */
export interface AnalyticsPush {
  liveId: string;
  t: number;
  metrics: Partial<
    Record<ScalarMetric, { total?: number; split: Partial<Record<SplitBreakdown, Record<string, number>>> }>
  >;
  quality?: QualityShares;
}

export type SeriesAction =
  | { type: 'series/fetchStarted'; metric: Metric }
  | { type: 'series/fetchSucceeded'; answer: SeriesAnswer; windowed: boolean }
  | { type: 'series/fetchFailed'; metric: Metric; message: string }
  /** `windowed`: the live is on air, its charts keep the last 30 minutes. A finished live keeps
   * whatever the server answered (its whole history). */
  | { type: 'series/pushed'; push: AnalyticsPush; windowed: boolean };

const EMPTY_SCALAR: ScalarEntities = { total: {}, cdn: {}, networkProvider: {}, state: {}, so: {} };
const EMPTY_QUALITY: QualityEntities = { total: {}, cdn: {}, networkProvider: {}, state: {}, so: {} };

export function initialSeriesState(): SeriesState {
  const scalar = (): ScalarSection => ({ listLoading: false, error: null, entities: EMPTY_SCALAR });
  return {
    viewers: scalar(),
    rebuffering: scalar(),
    initFail: scalar(),
    exitBeforeStart: scalar(),
    initTime: scalar(),
    videoQuality: { listLoading: false, error: null, entities: EMPTY_QUALITY },
  };
}

/** Fetches of these replace the data, and only with a non-empty answer (SPEC §4). The others merge. */
const REPLACED_ON_FETCH: ReadonlySet<Metric> = new Set(['initTime', 'videoQuality']);

/** Every series of the section without the points older than the window, the window ending at the
 * newest point the section holds or `end` (the server's time: the client's clock is not trusted). */
function dropOld(entities: ScalarEntities, end: number | undefined): ScalarEntities {
  const newest = Math.max(
    end ?? Number.NEGATIVE_INFINITY,
    newestTime(...Object.values(entities)) ?? -Infinity,
  );
  if (!Number.isFinite(newest)) return entities;
  const cutoff = newest - WINDOW_MS;
  let changed = false;
  const out = { ...entities };
  for (const b of Object.keys(entities) as Breakdown[]) {
    out[b] = dropBefore(entities[b], cutoff);
    if (out[b] !== entities[b]) changed = true;
  }
  return changed ? out : entities;
}

function dropOldQuality(entities: QualityEntities, end: number | undefined): QualityEntities {
  const newest = Math.max(end ?? Number.NEGATIVE_INFINITY, newestTime(entities.total) ?? -Infinity);
  if (!Number.isFinite(newest)) return entities;
  const total = dropBefore(entities.total, newest - WINDOW_MS);
  return total === entities.total ? entities : { ...entities, total };
}

function mergeScalar(entities: ScalarEntities, incoming: ScalarEntities): ScalarEntities {
  const out = { ...entities };
  for (const b of Object.keys(incoming) as Breakdown[]) out[b] = mergeNamed(entities[b], incoming[b]);
  return out;
}

function fetched(state: SeriesState, answer: SeriesAnswer, windowed: boolean): SeriesState {
  const done = { listLoading: false, error: null };
  if (answer.metric === 'videoQuality') {
    const old = state.videoQuality.entities;
    const next = hasPoints(answer.entities.total)
      ? windowed
        ? dropOldQuality(answer.entities, answer.to)
        : answer.entities
      : old;
    return { ...state, videoQuality: { ...done, entities: next } };
  }
  const { metric } = answer;
  const old = state[metric].entities;
  let next: ScalarEntities;
  if (REPLACED_ON_FETCH.has(metric)) {
    next = hasPoints(answer.entities.total) ? answer.entities : old;
    if (windowed) next = dropOld(next, answer.to);
  } else if (windowed) {
    next = dropOld(mergeScalar(old, answer.entities), answer.to);
  } else {
    // A finished live: the server's whole history, as it answers it (its top values of the whole
    // live, not those of a window merged with them).
    next = answer.entities;
  }
  return { ...state, [metric]: { ...done, entities: next } };
}

function pushed(state: SeriesState, push: AnalyticsPush, windowed: boolean): SeriesState {
  const { t } = push;
  const point = (value: number): Point[] => [[t, value]];
  let next = state;
  for (const metric of SCALAR_METRICS) {
    const values = push.metrics[metric];
    if (!values) continue;
    const incoming: Record<Breakdown, Record<string, Point[]>> = {
      total: values.total === undefined ? {} : { total: point(values.total) },
      cdn: {},
      networkProvider: {},
      state: {},
      so: {},
    };
    for (const b of SPLIT_BREAKDOWNS)
      for (const [name, value] of Object.entries(values.split[b] ?? {})) incoming[b][name] = point(value);
    const section = next[metric];
    let entities = mergeScalar(section.entities, incoming);
    if (windowed) entities = dropOld(entities, t);
    next = { ...next, [metric]: { ...section, entities } };
  }
  if (push.quality) {
    const incoming: Record<string, Point[]> = {};
    for (const [name, value] of Object.entries(push.quality))
      if (value !== undefined) incoming[name] = point(value);
    const section = next.videoQuality;
    let entities: QualityEntities = {
      ...section.entities,
      total: mergeNamed(section.entities.total, incoming),
    };
    if (windowed) entities = dropOldQuality(entities, t);
    next = { ...next, videoQuality: { ...section, entities } };
  }
  return next;
}

/** The analytics series store (SPEC §3 sections, §4 "Analytics series"), as a pure reducer:
 * - a fetch sets `listLoading`; its answer clears loading and error;
 * - viewers, rebuffering, initFail, exitBeforeStart: the answer's points merge ahead of the old ones
 *   (same time: replaced); initTime and videoQuality: the answer replaces the data, when it holds any;
 * - pushes merge their bucket into every series they carry;
 * - while the live is on air, points older than 30 minutes are dropped; a finished live keeps its
 *   whole history;
 * - a failure stores the action type and the error text, loading cleared, the data kept. */
export function seriesReducer(state: SeriesState, action: SeriesAction): SeriesState {
  switch (action.type) {
    case 'series/fetchStarted': {
      const section = state[action.metric];
      return section.listLoading ? state : { ...state, [action.metric]: { ...section, listLoading: true } };
    }
    case 'series/fetchSucceeded':
      return fetched(state, action.answer, action.windowed);
    case 'series/fetchFailed': {
      const section = state[action.metric];
      return {
        ...state,
        [action.metric]: {
          ...section,
          listLoading: false,
          error: { type: action.type, message: action.message },
        },
      };
    }
    case 'series/pushed':
      return pushed(state, action.push, action.windowed);
  }
}
