import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type * as Contract from '../../../../contract/analytics.ts';
import type { EventPayloads } from '../../../../contract/realtime.ts';
import { BUCKET_MS } from '../../analytics/deltas.ts';
import { METRICS, seriesAnswer, startupPercentile, windowTotals } from '../../analytics/series.ts';
import {
  bucketRows,
  bucketSpan,
  livesForAnalytics,
  viewPlaces,
  viewsBy,
  viewTotals,
} from '../../db/repositories/analytics.ts';
import type { LiveStreamRow } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { imageUrl } from '../streams/view.ts';
import { Epoch, liveOf } from './common.ts';

/** The live charts' window (SPEC §5: 30 minutes) and the longest one call answers. */
export const LIVE_WINDOW_MS = 30 * 60_000;
export const MAX_WINDOW_MS = 24 * 3600_000;

const READ_ANALYTICS = { anyOf: ['showStreamingAnalytics'] } as const;

/** The window a series answers: asked, else the last 30 minutes on air, else the whole live. */
async function windowOf(
  app: FastifyInstance,
  row: LiveStreamRow,
  query: { from?: number; to?: number },
): Promise<{ from: number; to: number }> {
  const now = Date.now();
  if (query.from !== undefined || query.to !== undefined) {
    const to = Math.min(query.to ?? now, now + BUCKET_MS);
    const from = query.from ?? to - LIVE_WINDOW_MS;
    if (from > to) throw new ApiError(400, 'analyticsWindowInvalid');
    return { from: Math.max(from, to - MAX_WINDOW_MS), to };
  }
  if (row.status === 'live' || row.status === 'paused') return { from: now - LIVE_WINDOW_MS, to: now };
  const span = await bucketSpan(app.db, row.id);
  if (!span) return { from: now - LIVE_WINDOW_MS, to: now };
  const to = span.last.getTime();
  return { from: Math.max(span.first.getTime(), to - MAX_WINDOW_MS), to };
}

const bucketStart = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;

const Rate = Type.Object({ count: Type.Number(), percent: Type.Number() });
const NullableNumber = Nullable(Type.Number());
const NullableText = Nullable(Type.String());

/** A live's audience figures (contract/analytics.ts `LiveSummary`). */
const LiveSummary = Type.Object({
  live: Type.Object({
    id: Type.String(),
    titulo: Type.String(),
    status: Type.Union([
      Type.Literal('live'),
      Type.Literal('paused'),
      Type.Literal('finished'),
      Type.Literal('scheduled'),
    ]),
    thumbnail: NullableText,
    url: Type.String(),
    startedAt: NullableText,
    endedAt: NullableText,
  }),
  asOf: Type.String(),
  viewersNow: Type.Number(),
  peak: Type.Number(),
  peakAt: NullableText,
  totalReproduction: Type.Number(),
  spectators: Type.Number(),
  totalTime: Type.Number(),
  totalHours: Type.Number(),
  sessionTime: Type.Number(),
  startupTime: Type.Object({ averageMs: NullableNumber, p50Ms: NullableNumber, p90Ms: NullableNumber }),
  attempts: Type.Number(),
  initFail: Rate,
  playbackFail: Rate,
  exitBeforeStart: Rate,
  rebuffering: Type.Object({ percent: Type.Number(), count: Type.Number(), ms: Type.Number() }),
  cdnUse: Type.Array(Type.Object({ cdn: Type.String(), views: Type.Number(), percent: Type.Number() })),
  liveDetails: Type.Object({
    hora: Type.String(),
    locations: Type.Array(
      Type.Object({ country: NullableText, state: NullableText, city: NullableText, views: Type.Number() }),
    ),
  }),
  spectatorsGraph: Type.Object({ labels: Type.Array(Type.String()), series: Type.Array(Type.Number()) }),
  signals: Type.Array(
    Type.Object({
      signal_id: Type.String(),
      fps: NullableNumber,
      video_kbps: NullableNumber,
      audio_kbps: NullableNumber,
      width: NullableNumber,
      height: NullableNumber,
      saude: Nullable(Type.Union([Type.Literal('ok'), Type.Literal('warning'), Type.Literal('failing')])),
      at: Type.String(),
    }),
  ),
  signalStart: NullableText,
  attributions: Type.Array(Type.Object({ text: Type.String(), url: Type.String() })),
});
export type LiveSummaryMatchesContract = Expect<Equal<Static<typeof LiveSummary>, Contract.LiveSummary>>;

/**
 * Audience analytics of lives (docs/analytics.md "API"): the picker's list, the summary
 * figures and the six series with their breakdowns. Tenancy like every route: another team's live
 * is a 404.
 */
const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/analytics/lives',
    {
      config: { permission: READ_ANALYTICS },
      schema: {
        tags: ['analytics'],
        summary: 'Lives to see the analytics of',
        description: 'Those on air first, then by date, newest first.',
        security: bearer,
        querystring: Type.Intersect([
          AccountIdQuery,
          Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) }),
        ]),
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                id: Type.String(),
                titulo: Type.String(),
                status: Type.String(),
                data: Type.String({ format: 'date-time' }),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const rows = await livesForAnalytics(app.db, accountOf(request), request.query.limit ?? 50);
      return {
        items: rows.map((r) => ({
          id: r.id,
          titulo: r.nome,
          status: r.status,
          data: (r.started_at ?? r.scheduled_start_time).toISOString(),
        })),
      };
    },
  );

  app.get(
    '/v1/analytics/lives/:id/summary',
    {
      config: { permission: READ_ANALYTICS },
      schema: {
        tags: ['analytics'],
        summary: "A live's audience figures",
        description:
          'Viewers now and at the peak, views, distinct viewers, watch time, startup time, failure, exit-before-start and rebuffering rates over the whole live, CDN use, places, views per OS, and the ingest signals (docs/analytics.md).',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: { 200: LiveSummary, ...errors(400, 401, 403, 404) },
      },
    },
    async (request): Promise<Static<typeof LiveSummary>> => {
      const { accountId, row } = await liveOf(app, request, request.params.id);
      const now = Date.now();
      const span = await bucketSpan(app.db, row.id);
      // The whole live's total rows only (the breakdowns are the series' business).
      const rows = span ? await bucketRows(app.db, row.id, span.first, span.last, 'total') : [];
      const sums = windowTotals(rows);
      // The newest sampled bucket: a bucket the writer opened before the next tick sampled it has
      // no viewer figure yet, and is not "nobody watches".
      const current = rows.filter(
        (r) => r.viewers !== null && new Date(r.t).getTime() >= bucketStart(now) - BUCKET_MS,
      );
      const viewersNow =
        row.status === 'live' || row.status === 'paused'
          ? (current.sort((a, b) => new Date(b.t).getTime() - new Date(a.t).getTime())[0]?.viewers ?? 0)
          : 0;
      let peak = 0;
      let peakAt: string | null = null;
      for (const r of rows)
        if (r.dim === 'total' && (r.viewers_peak ?? 0) > peak) {
          peak = r.viewers_peak ?? 0;
          peakAt = new Date(r.t).toISOString();
        }
      const totals = await viewTotals(app.db, row.id);
      const cdn = await viewsBy(app.db, row.id, 'cdn', 10);
      const os = await viewsBy(app.db, row.id, 'os', 10);
      const places = await viewPlaces(app.db, row.id, 50);
      const percent = (part: number, whole: number) =>
        whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0;
      const signals = latestSignals(app, accountId, row.id);
      const started = row.started_at?.getTime() ?? null;
      const ended = row.finished_at?.getTime() ?? null;
      return {
        live: {
          id: row.id,
          titulo: row.nome,
          status: row.status,
          thumbnail: imageUrl(accountId, row.id, 'thumbnail', row.banners.thumbnail),
          url: `/embed/${row.id}`,
          startedAt: row.started_at?.toISOString() ?? null,
          endedAt: row.finished_at?.toISOString() ?? null,
        },
        asOf: new Date(now).toISOString(),
        viewersNow,
        peak,
        peakAt,
        totalReproduction: totals.views,
        spectators: totals.viewers,
        totalTime: started === null ? 0 : Math.max(0, (ended ?? now) - started),
        totalHours: Math.round(totals.watchMs / 36_000) / 100,
        sessionTime: totals.started > 0 ? Math.round(totals.watchMs / totals.started) : 0,
        startupTime: {
          averageMs: sums.starts > 0 ? Math.round(sums.startup_ms_sum / sums.starts) : null,
          p50Ms: startupPercentile(sums, 0.5),
          p90Ms: startupPercentile(sums, 0.9),
        },
        attempts: sums.attempts,
        initFail: { count: sums.startup_failures, percent: percent(sums.startup_failures, sums.attempts) },
        playbackFail: {
          count: sums.playback_failures,
          percent: percent(sums.playback_failures, sums.starts),
        },
        exitBeforeStart: { count: sums.ebvs, percent: percent(sums.ebvs, sums.attempts) },
        rebuffering: {
          percent: percent(sums.rebuffer_ms, sums.playing_ms + sums.rebuffer_ms),
          count: sums.rebuffer_count,
          ms: sums.rebuffer_ms,
        },
        cdnUse: cdn.map((c) => ({
          cdn: c.value ?? 'desconhecido',
          views: c.n,
          percent: percent(c.n, totals.views),
        })),
        liveDetails: { hora: new Date(now).toISOString(), locations: places },
        spectatorsGraph: { labels: os.map((o) => o.value ?? 'desconhecido'), series: os.map((o) => o.n) },
        signals,
        signalStart: signals.length > 0 ? (row.started_at?.toISOString() ?? null) : null,
        attributions: [...app.analytics.attributions],
      };
    },
  );

  app.get(
    '/v1/analytics/lives/:id/series/:metric',
    {
      config: { permission: READ_ANALYTICS },
      schema: {
        tags: ['analytics'],
        summary: "A live's time series",
        description:
          '10-second points `[epochMs, value]` of viewers (count), rebuffering, initFail, exitBeforeStart (percent), initTime (ms) or videoQuality (percent of playing time per quality), total and by CDN, state, OS and network provider (top 5 and `outros`). Default window: the last 30 minutes of a live on air, the whole of a finished one; at most 24 h.',
        security: bearer,
        params: Type.Object({ id: Uuid, metric: Type.Union(METRICS.map((m) => Type.Literal(m))) }),
        querystring: Type.Intersect([
          AccountIdQuery,
          Type.Object({ from: Type.Optional(Epoch), to: Type.Optional(Epoch) }),
        ]),
        response: { 200: Type.Any(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { row } = await liveOf(app, request, request.params.id);
      const { from, to } = await windowOf(app, row, request.query);
      const rows = await bucketRows(app.db, row.id, new Date(bucketStart(from)), new Date(to));
      return {
        metric: request.params.metric,
        bucketMs: BUCKET_MS,
        from,
        to,
        ...seriesAnswer(request.params.metric, rows),
      };
    },
  );
};

/** The live's signals as the last `sinal_saude` events of this instance's window tell them. */
function latestSignals(
  app: FastifyInstance,
  accountId: string,
  liveId: string,
): Contract.LiveSummary['signals'] {
  // The buffer keeps what was raised as `sinal_saude`: that event's payload (contract/realtime.ts).
  type Health = EventPayloads['sinal_saude'] & { timestamp: string };
  const seen = new Map<string, Health>();
  for (const raised of app.events.recent(accountId, 'sinal_saude', 200)) {
    const event = raised as unknown as Health;
    if (event.live_id !== liveId || typeof event.signal_id !== 'string' || seen.has(event.signal_id))
      continue;
    seen.set(event.signal_id, event);
  }
  return [...seen.values()]
    .filter((e) => e.publicando === true)
    .map((e) => ({
      signal_id: e.signal_id,
      fps: e.fps ?? null,
      video_kbps: e.video_kbps ?? null,
      audio_kbps: e.audio_kbps ?? null,
      width: e.width ?? null,
      height: e.height ?? null,
      saude: e.saude ?? null,
      at: e.timestamp,
    }));
}

export default analyticsRoutes;
