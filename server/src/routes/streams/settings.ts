import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { findStreamsForUpdate, updateStream } from '../../db/repositories/streams.ts';
import { findPreset, savePreset } from '../../db/repositories/streams-preset.ts';
import type { LiveStreamRow, StreamSettings } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf, t } from '../../lib/i18n.ts';
import { accountOf, holds } from '../../plugins/caller.ts';
import { changedFields, logStream, settingsFields } from './activity.ts';
import { ConflictIdsBody, Settings, SettingsInput, Stream } from './schemas.ts';
import { applySettings, completeSettings, lockedAfterEnd, normalizeSettings } from './validate.ts';
import { settingsColumns, settingsOf, streamView } from './view.ts';

function settingsView(s: StreamSettings, updatedAt: Date | null): Static<typeof Settings> {
  const { playerColor, ...rest } = s;
  return {
    ...rest,
    assets: { playerColor },
    updatedAt: updatedAt ? new Date(updatedAt).toISOString() : null,
  };
}

/** Thrown inside the transaction so nothing is written; answered with the ids. */
class StartedStreams extends Error {
  constructor(
    readonly ids: string[],
    readonly ended: string[],
  ) {
    super('started streams');
  }
}

/** The refused streams, and among them those refused for what is fixed from the end: a console that
 * retries without latency and colour leaves those out (it may hold them as still on air). */
const LockedStreamsBody = Type.Object({
  ...ConflictIdsBody.properties,
  ended: Type.Optional(Type.Array(Uuid)),
});

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/lives/preset',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags: ['live streams'],
        summary: "The account's general settings: the defaults of a new stream",
        description: '`updatedAt` is null while the account uses the built-in defaults.',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Settings, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const stored = await findPreset(app.db, accountId);
      return settingsView(completeSettings(stored?.settings), stored?.updatedAt ?? null);
    },
  );

  app.put(
    '/bff/lives/preset',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags: ['live streams'],
        summary: "Change the account's general settings (fields left out keep their value)",
        security: bearer,
        querystring: AccountIdQuery,
        body: SettingsInput,
        response: { 200: Settings, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const patch = normalizeSettings(request.body);
      const saved = await app.db.transaction().execute(async (trx) => {
        const before = completeSettings((await findPreset(trx, accountId))?.settings);
        const next = applySettings(before, patch);
        const result = await savePreset(trx, accountId, next);
        const changed = changedFields(settingsFields(before), settingsFields(next));
        if (Object.keys(changed).length > 0)
          await logStream(trx, request, accountId, 'PRESET_ATUALIZADO', accountId, changed);
        return result;
      });
      return settingsView(saved.settings, saved.updatedAt);
    },
  );

  app.post(
    '/v1/live-streams/apply-settings',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags: ['live streams'],
        summary: 'Apply general settings to several streams, all or nothing',
        description:
          'Every id must be a stream of the account (else 404, nothing changed). Streams that have started cannot take a different latency or player colour, nor streams that have ended a different `type`, `autoStart`, `autoCuts` or `transcode.*`: 409 with their `ids` (and the latter also in `ended`), nothing changed.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({
          ids: Type.Array(Uuid, { minItems: 1, maxItems: 100 }),
          settings: SettingsInput,
        }),
        response: {
          200: Type.Object({ updated: Type.Integer(), items: Type.Array(Stream) }),
          409: LockedStreamsBody,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const ids = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
      const patch = normalizeSettings(request.body.settings, 'settings.');
      let rows: LiveStreamRow[];
      try {
        rows = await app.db.transaction().execute(async (trx) => {
          const streams = await findStreamsForUpdate(trx, accountId, ids);
          if (streams.length !== ids.length) throw new ApiError(404, 'streamNotFound');
          const plans = streams.map((row) => {
            const before = settingsOf(row);
            return { row, before, next: applySettings(before, patch, 'settings.') };
          });
          const fixedSinceStart = plans.filter(
            ({ row, before, next }) =>
              row.status !== 'scheduled' &&
              (next.latency !== before.latency || next.playerColor !== before.playerColor),
          );
          // What only acts on air is fixed once the stream has ended, as PUT /v1/live-streams/{id} says.
          const fixedSinceEnd = plans.filter(
            ({ row, before, next }) =>
              row.status === 'finished' && lockedAfterEnd(before, next) !== undefined,
          );
          const refused = new Set([...fixedSinceStart, ...fixedSinceEnd]);
          if (refused.size > 0)
            throw new StartedStreams(
              plans.filter((p) => refused.has(p)).map((p) => p.row.id),
              fixedSinceEnd.map((p) => p.row.id),
            );
          const updated: LiveStreamRow[] = [];
          for (const { row, before, next } of plans) {
            const changed = changedFields(settingsFields(before), settingsFields(next));
            if (Object.keys(changed).length === 0) {
              updated.push(row);
              continue;
            }
            updated.push((await updateStream(trx, accountId, row.id, settingsColumns(next)))!);
            await logStream(trx, request, accountId, 'TRANSMISSAO_ATUALIZADA', row.id, {
              nome: row.nome,
              ...changed,
            });
          }
          return updated;
        });
      } catch (error) {
        if (!(error instanceof StartedStreams)) throw error;
        return reply.code(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: t(langOf(request), error.ended.length > 0 ? 'lockedSettingsEnded' : 'lockedSettings'),
          ids: error.ids,
          ...(error.ended.length > 0 ? { ended: error.ended } : {}),
        });
      }
      const keys = holds(request, accountId, 'broadcast');
      return { updated: rows.length, items: rows.map((r) => streamView(r, keys)) };
    },
  );
};

export default settingsRoutes;
