import { queryOptions } from '@tanstack/react-query';
import {
  array,
  boolean,
  enums,
  type Infer,
  nullable,
  number,
  optional,
  string,
  type,
  union,
} from 'superstruct';
import { api } from '@/lib/api-client';
import { analyticsKey } from './keys';
import { LIVE_STATUSES } from './list-lives';

/** A figure the server may not know yet (no view, no startup): null or missing. */
const maybe = optional(nullable(number()));
const rate = type({ count: number(), percent: maybe });
const text = optional(nullable(string()));

/** GET /v1/analytics/lives/{id}/summary (docs/analytics.md "API"). `type()` structs: fields the page
 * does not read pass through. */
export const SummaryStruct = type({
  live: type({
    id: string(),
    titulo: string(),
    status: enums(LIVE_STATUSES),
    thumbnail: text,
    url: text,
    startedAt: text,
    endedAt: text,
  }),
  asOf: string(),
  viewersNow: number(),
  peak: number(),
  peakAt: text,
  totalReproduction: number(),
  spectators: number(),
  totalTime: maybe,
  totalHours: maybe,
  sessionTime: maybe,
  startupTime: optional(nullable(type({ averageMs: maybe, p50Ms: maybe, p90Ms: maybe }))),
  initFail: rate,
  playbackFail: rate,
  exitBeforeStart: rate,
  rebuffering: type({ percent: maybe, count: maybe }),
  cdnUse: array(type({ cdn: string(), views: number(), percent: maybe })),
  liveDetails: type({
    hora: optional(nullable(union([string(), number()]))),
    locations: array(type({ country: text, state: text, city: text, views: number() })),
  }),
  spectatorsGraph: type({ labels: array(string()), series: array(nullable(number())) }),
  signals: array(
    type({
      signal_id: string(),
      fps: maybe,
      video_kbps: maybe,
      audio_kbps: maybe,
      width: maybe,
      height: maybe,
      saude: text,
      publicando: optional(boolean()),
    }),
  ),
  signalStart: text,
  /** What the geo and network databases ask to be credited for (their licences), under the figures
   * that come from them. */
  attributions: optional(array(type({ text: string(), url: string() }))),
});
export type Summary = Infer<typeof SummaryStruct>;

export const summaryQueryOptions = (liveId: string) =>
  queryOptions({
    queryKey: analyticsKey('summary', liveId),
    queryFn: () =>
      api(`/v1/analytics/lives/${encodeURIComponent(liveId)}/summary`, SummaryStruct, { silent: true }),
  });
