import {
  array,
  create,
  nullable,
  number,
  optional,
  record,
  string,
  tuple,
  type,
  union,
  unknown,
} from 'superstruct';
import { api } from '@/lib/api-client';
import { breakdownResponseKey, type Metric, type SplitBreakdown } from '../lib/metrics';
import type { NamedSeries, Point } from '../lib/points';
import { qualityShares } from '../lib/push';
import type { QualityEntities, QualityShares, ScalarEntities, SeriesAnswer } from '../lib/series-store';

/** `[epochMs, value]`; a bucket without a value (null) draws nothing and is left out. */
const PointsStruct = array(tuple([number(), nullable(number())]));
const SplitStruct = record(string(), PointsStruct);
const QualitySplitStruct = record(string(), record(string(), nullable(number())));
/** The answer's times: epoch ms (what the query sends) or an ISO string (the API's other times). */
const TimeStruct = optional(nullable(union([number(), string()])));

const HeadStruct = type({ metric: string(), from: TimeStruct, to: TimeStruct, total: unknown() });

const points = (raw: readonly (readonly [number, number | null])[]): Point[] =>
  raw
    .filter((p): p is [number, number] => p[1] !== null)
    .map(([t, v]) => [t, v] as const)
    .sort((a, b) => a[0] - b[0]);

const named = (raw: Record<string, readonly (readonly [number, number | null])[]>): NamedSeries =>
  Object.fromEntries(Object.entries(raw).map(([name, list]) => [name, points(list)]));

function epochMs(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A `GET …/series/{metric}` answer as the store keeps it (docs/analytics.md "API"): the total and the
 * four breakdowns, each read from its `${metric}By…Response` field (one mapping for every metric,
 * lib/metrics.ts). A missing breakdown is an empty one. Throws when the answer is not of that shape. */
export function parseSeriesAnswer(metric: Metric, body: unknown): SeriesAnswer {
  const head = create(body, HeadStruct);
  if (head.metric !== metric) throw new Error(`expected the ${metric} series, got ${head.metric}`);
  const raw = body as Record<string, unknown>;
  const to = epochMs(head.to);
  if (metric === 'videoQuality') {
    const total: Record<string, Point[]> = {};
    for (const [key, list] of Object.entries(named(create(head.total, SplitStruct)))) {
      const cls = key === '1280p' ? '1080p' : key;
      total[cls] = [...list];
    }
    const split = (b: SplitBreakdown): Record<string, QualityShares> => {
      const value = raw[breakdownResponseKey(metric, b)];
      if (value === undefined || value === null) return {};
      const shares = create(value, QualitySplitStruct);
      return Object.fromEntries(Object.entries(shares).map(([name, v]) => [name, qualityShares(v)]));
    };
    const entities: QualityEntities = {
      total,
      cdn: split('cdn'),
      networkProvider: split('networkProvider'),
      state: split('state'),
      so: split('so'),
    };
    return { metric, to, entities };
  }
  const split = (b: SplitBreakdown): NamedSeries => {
    const value = raw[breakdownResponseKey(metric, b)];
    return value === undefined || value === null ? {} : named(create(value, SplitStruct));
  };
  const total = points(create(head.total, PointsStruct));
  const entities: ScalarEntities = {
    total: total.length > 0 ? { total } : {},
    cdn: split('cdn'),
    networkProvider: split('networkProvider'),
    state: split('state'),
    so: split('so'),
  };
  return { metric, to, entities };
}

/** GET /v1/analytics/lives/{id}/series/{metric}, without from/to: the last 30 minutes of a live on
 * air, the whole of a finished one (docs/analytics.md). Silent: the page shows its own state, and a
 * poll that fails every 10 s must not stack notifications. */
export const fetchSeries = (liveId: string, metric: Metric) =>
  api(`/v1/analytics/lives/${encodeURIComponent(liveId)}/series/${metric}`, unknown(), { silent: true }).then(
    (body) => parseSeriesAnswer(metric, body),
  );
