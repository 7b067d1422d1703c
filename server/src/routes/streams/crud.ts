import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  deleteIdleStream,
  findStream,
  insertStreams,
  listStreams,
  type StreamSort,
  updateStream,
} from '../../db/repositories/streams.ts';
import { findPreset } from '../../db/repositories/streams-preset.ts';
import type { Executor } from '../../db/schema.ts';
import type { StreamSettings, StreamStatus } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { STATUS_WORDS } from '../../lib/i18n-streams.ts';
import { READ_STREAMS } from '../../permissions.ts';
import { accountOf, holds } from '../../plugins/caller.ts';
import { changedFields, loggableFields, logStream } from './activity.ts';
import { IdParams, ListQuery, Stream, StreamCreate, StreamPage, StreamPatch } from './schemas.ts';
import { initialSignals, replaceSignals } from './signals.ts';
import { removeStreamMedia } from './storage.ts';
import {
  applySettings,
  completeSettings,
  lockedAfterEnd,
  normalizeClassroomDescription,
  normalizeDate,
  normalizeDescription,
  normalizeName,
  normalizeSettings,
} from './validate.ts';
import { newStreamRow, readableStream, settingsColumns, settingsOf, streamView } from './view.ts';

/** The account's general settings, completed with the built-in defaults. */
export async function accountSettings(db: Executor, accountId: string): Promise<StreamSettings> {
  return completeSettings((await findPreset(db, accountId))?.settings);
}

const streamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['live streams'];

  app.get(
    '/v1/live-streams',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags,
        summary: "The account's streams: filtered, sorted and paged",
        security: bearer,
        querystring: ListQuery,
        response: {
          200: StreamPage,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const q = request.query;
      const [sort, direction] = (q.sort ?? 'date,desc').split(',') as [StreamSort, 'asc' | 'desc'];
      const page = q.page ?? 1;
      const limit = q.limit ?? 10;
      const query = {
        title: q.title,
        statuses: q.status ? (q.status.split(',') as StreamStatus[]) : undefined,
        shutdown: q.shutdown,
        sort,
        direction,
        page,
        limit,
      };
      // The page is kept per instance until a change to the team's streams is notified (docs/server.md
      // "The live-stream list"); what the caller may see of it (the keys) is decided below, every time.
      const { rows, total } = await app.liveListCache.find(
        accountId,
        JSON.stringify([q.title ?? null, q.status ?? null, q.shutdown ?? null, sort, direction, page, limit]),
        () => listStreams(app.db, accountId, query),
        request.arrivedAt,
      );
      const keys = holds(request, accountId, 'broadcast');
      return {
        items: rows.map((r) => streamView(r, keys)),
        pagination: { page, limit, total, pagesTotal: Math.ceil(total / limit) },
      };
    },
  );

  app.post(
    '/v1/live-streams',
    {
      config: { permission: { anyOf: ['showStreaming'] }, blocked: 'accountBlockedLives' },
      schema: {
        tags,
        summary: 'Create a stream; fields left out take the account’s general settings',
        security: bearer,
        querystring: AccountIdQuery,
        body: StreamCreate,
        response: { 201: Stream, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const body = request.body;
      const nome = normalizeName(body.nome);
      const scheduledStartTime = normalizeDate(body.scheduledStartTime, 'scheduledStartTime');
      const signals = initialSignals(body.signals);
      const settings = applySettings(await accountSettings(app.db, accountId), normalizeSettings(body));
      const descricao = normalizeDescription(body.descricao) ?? null;
      const classroomDescription = normalizeClassroomDescription(body.classroomDescription) ?? null;
      const row = await app.db.transaction().execute(async (trx) => {
        const [created] = await insertStreams(trx, [
          {
            ...newStreamRow(accountId, { nome, descricao, scheduledStartTime, signals }, settings),
            classroom_description: classroomDescription,
          },
        ]);
        await logStream(trx, request, accountId, 'TRANSMISSAO_CRIADA', created!.id, loggableFields(created!));
        return created!;
      });
      return reply.code(201).send(streamView(row, holds(request, accountId, 'broadcast')));
    },
  );

  app.get(
    '/v1/live-streams/:id',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags,
        summary: 'One stream',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        response: { 200: Stream, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { accountId, row } = await readableStream(app.db, request, request.params.id);
      return streamView(row, holds(request, accountId, 'broadcast'));
    },
  );

  app.patch(
    '/v1/live-streams/:id',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: 'Change a stream (only the fields sent)',
        description:
          'After the start (live, paused, finished), `scheduledStartTime`, `assets.playerColor` and `latency` cannot change: 409. ' +
          'After the end (finished), neither can what only acts while on air: `type`, `autoStart`, `autoCuts`, `transcode.*`: 409 naming the `field`.',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        body: StreamPatch,
        response: { 200: Stream, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const body = request.body;
      const nome = body.nome === undefined ? undefined : normalizeName(body.nome);
      const scheduled =
        body.scheduledStartTime === undefined
          ? undefined
          : normalizeDate(body.scheduledStartTime, 'scheduledStartTime');
      const descricao = normalizeDescription(body.descricao);
      const classroomDescription = normalizeClassroomDescription(body.classroomDescription);
      const patch = normalizeSettings(body);

      const row = await app.db.transaction().execute(async (trx) => {
        const current = await findStream(trx, accountId, id, { forUpdate: true });
        if (!current) throw new ApiError(404, 'streamNotFound');
        const before = settingsOf(current);
        const next = applySettings(before, patch);
        if (current.status !== 'scheduled') {
          if (scheduled && scheduled.getTime() !== new Date(current.scheduled_start_time).getTime())
            throw new ApiError(409, 'lockedSchedule', { field: 'scheduledStartTime' });
          if (next.playerColor !== before.playerColor)
            throw new ApiError(409, 'lockedPlayerColor', { field: 'assets.playerColor' });
          if (next.latency !== before.latency) throw new ApiError(409, 'lockedLatency', { field: 'latency' });
        }
        if (current.status === 'finished') {
          const field = lockedAfterEnd(before, next);
          if (field) throw new ApiError(409, 'lockedFinished', { field });
        }
        const signals =
          body.signals === undefined ? undefined : replaceSignals(body.signals, current.signals);
        const candidate = {
          ...current,
          nome: nome ?? current.nome,
          descricao: descricao === undefined ? current.descricao : descricao,
          classroom_description:
            classroomDescription === undefined ? current.classroom_description : classroomDescription,
          scheduled_start_time: scheduled ?? current.scheduled_start_time,
          signals: signals ?? current.signals,
          type: next.type,
          latency: next.latency,
          auto_start: next.autoStart,
          auto_cuts: next.autoCuts,
          player_color: next.playerColor,
          transcode: next.transcode,
          security: next.security,
          ads: next.ads,
          analytics_measurement_id: next.analyticsMeasurementId,
          studio: next.studio,
        };
        const changed = changedFields(loggableFields(current), loggableFields(candidate));
        const signalsChanged =
          signals !== undefined && JSON.stringify(signals) !== JSON.stringify(current.signals);
        if (Object.keys(changed).length === 0 && !signalsChanged) return current;
        const updated = await updateStream(trx, accountId, id, {
          nome: candidate.nome,
          descricao: candidate.descricao,
          classroom_description: candidate.classroom_description,
          scheduled_start_time: candidate.scheduled_start_time,
          signals: JSON.stringify(candidate.signals),
          ...settingsColumns(next),
        });
        await logStream(trx, request, accountId, 'TRANSMISSAO_ATUALIZADA', id, {
          nome: candidate.nome,
          ...changed,
        });
        return updated!;
      });
      return streamView(row, holds(request, accountId, 'broadcast'));
    },
  );

  app.delete(
    '/v1/live-streams/:id',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags,
        summary: 'Delete a stream (a live or paused one must be ended first: 409)',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const lang = langOf(request);
      const deleted = await app.db.transaction().execute(async (trx) => {
        const row = await deleteIdleStream(trx, accountId, id);
        if (!row) {
          const current = await findStream(trx, accountId, id);
          if (!current) throw new ApiError(404, 'streamNotFound');
          throw new ApiError(409, 'deleteRunning', { params: { state: STATUS_WORDS[lang][current.status] } });
        }
        await logStream(trx, request, accountId, 'TRANSMISSAO_REMOVIDA', id, { nome: row.nome });
        return row;
      });
      // After the commit: a failed removal leaves files nobody links to, never a stream without its files.
      await removeStreamMedia(app.media.storage, accountId, deleted.id).catch((err: unknown) =>
        request.log.warn({ err, streamId: deleted.id }, 'could not remove the media of a deleted stream'),
      );
      return reply.code(204).send(null);
    },
  );
};

export default streamRoutes;
