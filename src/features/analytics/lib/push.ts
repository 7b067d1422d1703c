import { is, literal, nullable, number, optional, record, string, type } from 'superstruct';
import { type QualityClass, SCALAR_METRICS, SPLIT_BREAKDOWNS, type SplitBreakdown } from './metrics';
import type { AnalyticsPush, QualityShares } from './series-store';

const Values = optional(record(string(), nullable(number())));
const Figures = optional(
  type({
    total: optional(nullable(number())),
    cdn: Values,
    networkProvider: Values,
    state: Values,
    so: Values,
  }),
);

/** docs/analytics.md "Push". Every figure may be missing or null (a bucket without that measure). */
const AnalyticsPushStruct = type({
  evento: literal('analytics'),
  live_id: string(),
  t: number(),
  viewers: Figures,
  rebuffering: Figures,
  initFail: Figures,
  exitBeforeStart: Figures,
  initTime: Figures,
  videoQuality: Values,
});

/** The quality class a key names; SPEC §3's "1280p" is Palco's top class, 1080p. */
export function qualityClassOf(key: string): QualityClass | undefined {
  if (key === '1280p') return '1080p';
  return key === '240p' || key === '360p' || key === '480p' || key === '720p' || key === '1080p'
    ? key
    : undefined;
}

function numbers(values: Record<string, number | null> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(values ?? {})) if (value !== null) out[name] = value;
  return out;
}

/** Quality shares with their classes named as Palco names them; unknown keys left out. */
export function qualityShares(values: Record<string, number | null> | undefined): QualityShares {
  const out: Partial<Record<QualityClass, number>> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const cls = qualityClassOf(key);
    if (cls && value !== null) out[cls] = value;
  }
  return out;
}

/** An account event read as an analytics push, or null when it is not one (or is malformed). */
export function parsePush(event: unknown): AnalyticsPush | null {
  if (!is(event, AnalyticsPushStruct)) return null;
  const push: AnalyticsPush = { liveId: event.live_id, t: event.t, metrics: {} };
  for (const metric of SCALAR_METRICS) {
    const figures = event[metric];
    if (!figures) continue;
    const split: Partial<Record<SplitBreakdown, Record<string, number>>> = {};
    for (const b of SPLIT_BREAKDOWNS) if (figures[b]) split[b] = numbers(figures[b]);
    push.metrics[metric] = {
      ...(figures.total !== undefined && figures.total !== null ? { total: figures.total } : {}),
      split,
    };
  }
  if (event.videoQuality) push.quality = qualityShares(event.videoQuality);
  return push;
}
