import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  accountTimeZone,
  DASHBOARD_LIMIT,
  failedVideos,
  liveNow,
  recentLogEvents,
  recentUploads,
  startingBetween,
} from '../../db/repositories/dashboard.ts';
import { isQueued } from '../../db/repositories/videos.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import type { LogRecordItem } from '../../lib/activity.ts';
import { accountOf, holds } from '../../plugins/caller.ts';

/** How far back "recent" alerts reach (the websocket's own window is shorter: 10 minutes). */
const ALERT_DAYS = 7;

const Time = Type.String({ format: 'date-time' });
const Live = Type.Object({ id: Uuid, nome: Type.String(), status: Type.String(), startedAt: Nullable(Time) });
const Scheduled = Type.Object({ id: Uuid, nome: Type.String(), scheduledStartTime: Time });
const Upload = Type.Object({
  id: Uuid,
  title: Type.String(),
  status: Type.String(),
  progress: Type.Integer(),
  queued: Type.Boolean({
    description: 'waiting for its transcode to start (docs/uploads.md "Queued transcodes")',
  }),
  createdAt: Time,
});
const Alert = Type.Object({
  kind: Type.Union([
    Type.Literal('fps_alto'),
    Type.Literal('video_falhou'),
    Type.Literal('corte_automatico'),
  ]),
  /** The stream or the video it is about. */
  id: Uuid,
  name: Type.String(),
  /** `fps_alto`: the measured fps and the team's limit. */
  fps: Type.Optional(Type.Number()),
  limit: Type.Optional(Type.Number()),
  at: Time,
});

const Dashboard = Type.Object({
  asOf: Time,
  timeZone: Type.String(),
  live: Nullable(Type.Array(Live)),
  today: Nullable(Type.Array(Scheduled)),
  uploads: Nullable(Type.Array(Upload)),
  alerts: Type.Array(Alert),
});

const nameIn = (record: LogRecordItem[]) => {
  const value = record.find((r) => r.Key === 'nome')?.Value;
  return typeof value === 'string' ? value : '';
};

/**
 * `GET /v1/dashboard`: the breadcrumb home's figures in one call. Any signed-in member may ask; each
 * part is there only for who may see it elsewhere (streams: showStreaming/showHistory/broadcast;
 * uploads: showVOD), null otherwise. Usage is the billing endpoint's (showFinancial).
 */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/dashboard',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        summary: 'Live now, starting today, recent uploads and recent alerts of the team',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Dashboard, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const streams = holds(request, accountId, 'showStreaming', 'showHistory', 'broadcast');
      const vod = holds(request, accountId, 'showVOD');
      // The Temporal polyfill is loaded at the first dashboard, not at start (docs/server.md "Memory").
      const [timeZone, { Temporal }] = await Promise.all([
        accountTimeZone(app.db, accountId),
        import('temporal-polyfill'),
      ]);
      const start = Temporal.Now.zonedDateTimeISO(timeZone).startOfDay();
      const since = new Date(Date.now() - ALERT_DAYS * 86_400_000);

      const alerts: Type.Static<typeof Alert>[] = [];
      if (streams) {
        for (const e of app.events.recent(accountId, 'alerta_fps_alto', DASHBOARD_LIMIT)) {
          alerts.push({
            kind: 'fps_alto',
            id: String(e.live_id),
            name: String(e.titulo),
            fps: Number(e.fps),
            limit: Number(e.limite),
            at: e.timestamp,
          });
        }
        for (const row of await recentLogEvents(
          app.db,
          accountId,
          ['TRANSMISSAO_ENCERRADA_AUTOMATICAMENTE'],
          since,
        )) {
          alerts.push({
            kind: 'corte_automatico',
            id: row.identifier,
            name: nameIn(row.record),
            at: row.created_at.toISOString(),
          });
        }
      }
      if (vod) {
        for (const row of await failedVideos(app.db, accountId, since)) {
          alerts.push({
            kind: 'video_falhou',
            id: row.id,
            name: row.title,
            at: row.updated_at.toISOString(),
          });
        }
      }
      alerts.sort((a, b) => b.at.localeCompare(a.at));

      return {
        asOf: new Date().toISOString(),
        timeZone,
        live: streams
          ? (await liveNow(app.db, accountId)).map((s) => ({
              id: s.id,
              nome: s.nome,
              status: s.status,
              startedAt: s.started_at?.toISOString() ?? null,
            }))
          : null,
        today: streams
          ? (
              await startingBetween(
                app.db,
                accountId,
                new Date(start.epochMilliseconds),
                new Date(start.add({ days: 1 }).epochMilliseconds),
              )
            ).map((s) => ({
              id: s.id,
              nome: s.nome,
              scheduledStartTime: s.scheduled_start_time.toISOString(),
            }))
          : null,
        uploads: vod
          ? (await recentUploads(app.db, accountId)).map((v) => ({
              id: v.id,
              title: v.title,
              status: v.status,
              progress: v.transcode_progress,
              queued: isQueued(v),
              createdAt: v.created_at.toISOString(),
            }))
          : null,
        alerts: alerts.slice(0, DASHBOARD_LIMIT),
      };
    },
  );
};

export default dashboardRoutes;
