import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as Contract from '../../../../contract/support.ts';
import { findView, listViews, playerEvents, type ViewRow } from '../../db/repositories/analytics.ts';
import { findStream } from '../../db/repositories/streams.ts';
import { findVideo } from '../../db/repositories/videos.ts';
import type { LiveStreamRow } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors, Nullable, Page, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { attendeeViewerId } from '../../media/playback-session.ts';
import { accountOf } from '../../plugins/caller.ts';
import { imageUrl } from '../streams/view.ts';
import { liveOf } from './common.ts';

const SUPPORT = { anyOf: ['showCustomerSupport'] } as const;
/** Player events one answer carries (a view's whole timeline is far below this). */
const MAX_EVENTS = 2000;
const ViewerId = Type.String({
  pattern: '^[A-Za-z0-9]{1,16}$',
  description: 'The viewer ID the anti-piracy overlay shows',
});

const Text = Nullable(Type.String());
const Ms = Nullable(Type.Number());

/** A view as support staff see it: no address, only what the player and the enrichment told. */
const View = Type.Object({
  id: Type.String(),
  viewerId: Type.String({ description: 'The ID the anti-piracy overlay shows' }),
  startedAt: Type.String({ format: 'date-time' }),
  endedAt: Nullable(Type.String({ format: 'date-time' })),
  lastAt: Type.String({ format: 'date-time' }),
  status: Type.String({ description: 'loading, playing, paused, rebuffering, ended, failed…' }),
  device: Text,
  os: Text,
  browser: Text,
  country: Text,
  state: Text,
  city: Text,
  networkProvider: Text,
  cdn: Text,
  rendition: Text,
  startupMs: Ms,
  watchMs: Type.Number(),
  rebufferMs: Type.Number(),
  rebufferCount: Type.Number(),
  error: Text,
});

const Live = Type.Object({
  id: Type.String(),
  status: Type.String(),
  title: Type.String(),
  thumbnail: Text,
  url: Type.String({ description: "The live's embed page" }),
});

const PlayerEvent = Type.Object({
  view: Type.String(),
  at: Type.String({ format: 'date-time' }),
  type: Type.String(),
  playhead: Ms,
  rendition: Text,
  bitrateKbps: Ms,
  error: Text,
  rebufferMs: Ms,
  startupMs: Ms,
  state: Text,
  cdn: Text,
});

const ViewsPage = Type.Object({ items: Type.Array(View), total: Type.Number() });
const ViewDetail = Type.Object({
  view: View,
  live: Nullable(Live),
  tech_info: Type.Object({ device: Text, os: Text, app: Text, network_provider: Text }),
  geo_info: Type.Object({ country: Text, state: Text, city: Text }),
  service_history: Type.Array(View),
  player_events: Type.Array(PlayerEvent),
});
const EventList = Type.Object({ items: Type.Array(PlayerEvent) });
const ViewList = Type.Object({ items: Type.Array(View) });

// The answers equal contract/support.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type ViewsPageMatchesContract = Expect<Equal<Static<typeof ViewsPage>, Contract.SupportViewsPage>>;
export type ViewDetailMatchesContract = Expect<Equal<Static<typeof ViewDetail>, Contract.SupportViewDetail>>;
export type LiveMatchesContract = Expect<Equal<Static<typeof Live>, Contract.SupportLive>>;
export type EventListMatchesContract = Expect<Equal<Static<typeof EventList>, Contract.PlayerEventList>>;
export type ViewListMatchesContract = Expect<Equal<Static<typeof ViewList>, Contract.SupportViewList>>;

function viewOut(v: ViewRow): Static<typeof View> {
  return {
    id: v.session_id,
    viewerId: v.viewer_id,
    startedAt: v.started_at.toISOString(),
    endedAt: v.ended_at?.toISOString() ?? null,
    lastAt: v.last_at.toISOString(),
    status: v.status,
    device: v.device,
    os: v.os,
    browser: v.browser ? `${v.browser}${v.browser_version ? ` ${v.browser_version}` : ''}` : null,
    country: v.country,
    state: v.state,
    city: v.city,
    networkProvider: v.provider,
    cdn: v.cdn,
    rendition: v.rendition,
    startupMs: v.startup_ms,
    watchMs: Number(v.playing_ms) + Number(v.rebuffer_ms),
    rebufferMs: Number(v.rebuffer_ms),
    rebufferCount: v.rebuffer_count,
    error: v.error_code,
  };
}

function liveOut(accountId: string, row: LiveStreamRow): Static<typeof Live> {
  return {
    id: row.id,
    status: row.status,
    title: row.nome,
    thumbnail: imageUrl(accountId, row.id, 'thumbnail', row.banners.thumbnail),
    url: `/embed/${row.id}`,
  };
}

function eventOut(e: Awaited<ReturnType<typeof playerEvents>>[number]): Static<typeof PlayerEvent> {
  return {
    view: e.session_id,
    at: e.at.toISOString(),
    type: e.type,
    playhead: e.playhead,
    rendition: e.rendition,
    bitrateKbps: e.bitrate_kbps,
    error: e.error_code,
    rebufferMs: e.rebuffer_ms,
    startupMs: e.startup_ms,
    state: e.state,
    cdn: e.cdn,
  };
}

/** A live or a video of the caller's team (the spec's `videoId` names either), or 404. */
async function subjectOf(app: FastifyInstance, request: FastifyRequest, id: string) {
  const accountId = accountOf(request);
  const live = await findStream(app.db, accountId, id.toLowerCase());
  if (live) return { kind: 'live' as const, id: live.id };
  const video = await findVideo(app.db, id.toLowerCase());
  if (video && video.account_id === accountId) return { kind: 'vod' as const, id: video.id };
  throw new ApiError(404, 'eventsNotFound', { params: { id } });
}

/**
 * Customer support for one viewer (docs/analytics.md "Customer support"): a live's
 * views (found by viewer ID, a classroom attendee's e-mail or a filter), one view's tech, place,
 * history and player events, and the spec's `api/eventos`, `api/sessoes` and `api/live/l/{id}/details`.
 */
const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/analytics/lives/:id/views',
    {
      config: { permission: SUPPORT },
      schema: {
        tags: ['analytics'],
        summary: "A live's views, for customer support",
        description:
          'Newest first. `viewerId`: the ID the anti-piracy overlay shows; `email`: a classroom attendee (their player is linked to their registration); `filter`: failed, exitBeforeStart or rebuffering.',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: Type.Intersect([
          AccountIdQuery,
          Type.Object({
            filter: Type.Optional(
              Type.Union([
                Type.Literal('failed'),
                Type.Literal('exitBeforeStart'),
                Type.Literal('rebuffering'),
              ]),
            ),
            state: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            provider: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            viewerId: Type.Optional(ViewerId),
            email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
            page: Type.Optional(Page),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
          }),
        ]),
        response: { 200: ViewsPage, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { row } = await liveOf(app, request, request.params.id);
      const q = request.query;
      const viewerIds = [
        ...(q.viewerId ? [q.viewerId.toUpperCase()] : []),
        ...(q.email ? [attendeeViewerId(app.jwtKey, row.id, q.email)] : []),
      ];
      const limit = q.limit ?? 20;
      const { items, total } = await listViews(
        app.db,
        { kind: 'live', id: row.id },
        {
          ...(q.filter ? { filter: q.filter } : {}),
          ...(q.state ? { state: q.state } : {}),
          ...(q.provider ? { provider: q.provider } : {}),
          // Both given: the views matching both (one viewer ID must be the attendee's).
          ...(viewerIds.length > 0
            ? {
                viewerIds:
                  q.viewerId && q.email && viewerIds[0] !== viewerIds[1] ? [] : viewerIds.slice(0, 1),
              }
            : {}),
        },
        { offset: ((q.page ?? 1) - 1) * limit, limit },
      );
      return { items: items.map(viewOut), total };
    },
  );

  app.get(
    '/v1/analytics/views/:viewId',
    {
      config: { permission: SUPPORT },
      schema: {
        tags: ['analytics'],
        summary: 'One view: the live telemetry entity',
        description:
          "The view's live, tech info (device, OS, app, network provider), geo info (country, state, city), service history (the viewer's views of the same live or video) and player events in time order.",
        security: bearer,
        params: Type.Object({ viewId: Type.String({ pattern: '^[0-9a-f]{32}$' }) }),
        querystring: AccountIdQuery,
        response: { 200: ViewDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const view = await findView(app.db, accountId, request.params.viewId);
      if (!view) throw new ApiError(404, 'viewNotFound');
      const subject = view.live_id
        ? { kind: 'live' as const, id: view.live_id }
        : { kind: 'vod' as const, id: view.video_id ?? '' };
      const live = view.live_id ? await findStream(app.db, accountId, view.live_id) : undefined;
      const history = await listViews(
        app.db,
        subject,
        { viewerIds: [view.viewer_id] },
        { offset: 0, limit: 50 },
      );
      const events = await playerEvents(app.db, { sessionId: view.session_id }, MAX_EVENTS);
      const out = viewOut(view);
      return {
        view: out,
        live: live ? liveOut(accountId, live) : null,
        tech_info: {
          device: out.device,
          os: out.os,
          app: out.browser,
          network_provider: out.networkProvider,
        },
        geo_info: { country: out.country, state: out.state, city: out.city },
        service_history: history.items.map(viewOut),
        player_events: events.map(eventOut),
      };
    },
  );

  const SpecQuery = Type.Intersect([AccountIdQuery, Type.Object({ videoId: Uuid, usuarioId: ViewerId })]);

  app.get(
    '/api/eventos',
    {
      config: { permission: SUPPORT },
      schema: {
        tags: ['analytics'],
        summary: "A viewer's player events in a live or video (SPEC §7)",
        description:
          '`videoId`: the live or video; `usuarioId`: the viewer ID. In time order, every view of theirs.',
        security: bearer,
        querystring: SpecQuery,
        response: { 200: EventList, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const subject = await subjectOf(app, request, request.query.videoId);
      const events = await playerEvents(
        app.db,
        { subjectId: subject.id, viewerId: request.query.usuarioId.toUpperCase() },
        MAX_EVENTS,
      );
      return { items: events.map(eventOut) };
    },
  );

  app.get(
    '/api/sessoes',
    {
      config: { permission: SUPPORT },
      schema: {
        tags: ['analytics'],
        summary: "A viewer's views of a live or video (SPEC §7)",
        description: 'Newest first; the service history of the support page.',
        security: bearer,
        querystring: SpecQuery,
        response: { 200: ViewList, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const subject = await subjectOf(app, request, request.query.videoId);
      const { items } = await listViews(
        app.db,
        subject,
        { viewerIds: [request.query.usuarioId.toUpperCase()] },
        { offset: 0, limit: 100 },
      );
      return { items: items.map(viewOut) };
    },
  );

  app.get(
    '/api/live/l/:id/details',
    {
      config: { permission: SUPPORT },
      schema: {
        tags: ['analytics'],
        summary: 'The live of the support page (SPEC §7)',
        description: "404 'Can't find Eventos with id: {id}' for a live that is not the team's.",
        security: bearer,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: AccountIdQuery,
        response: { 200: Live, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const row = /^[0-9a-f-]{36}$/.test(id) ? await findStream(app.db, accountId, id) : undefined;
      if (!row) throw new ApiError(404, 'eventsNotFound', { params: { id: request.params.id } });
      return liveOut(accountId, row);
    },
  );
};

export default supportRoutes;
