import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { insertStreams } from '../../db/repositories/streams.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { accountOf, holds } from '../../plugins/caller.ts';
import { loggableFields, logStream } from './activity.ts';
import { accountSettings } from './crud.ts';
import { CsvErrorBody, Stream } from './schemas.ts';
import { initialSignals } from './signals.ts';
import { newStreamRow, streamView } from './view.ts';

const CSV_BODY_LIMIT = 1024 * 1024;

const csvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/bff/whereby/create-csv-rooms',
    {
      config: { permission: { anyOf: ['showStreaming'] }, blocked: 'accountBlockedLives' },
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags: ['live streams'],
        summary: 'Create up to 100 streams from CSV: all of them, or none',
        description:
          'Header `nome,data,hora[,descricao,tipo,latencia]` (any order; `;` also accepted as the delimiter). `data` DD/MM/AAAA or AAAA-MM-DD, `hora` HH:mm or HH:mm:ss, in `timeZone` (default America/Sao_Paulo). Other fields take the general settings.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({
          csv: Type.String({ description: 'The file’s text (UTF-8)' }),
          timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA zone of `data`/`hora`' })),
        }),
        response: {
          201: Type.Object({ created: Type.Integer(), items: Type.Array(Stream) }),
          400: CsvErrorBody,
          ...errors(401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const lang = langOf(request);
      const timeZone = request.body.timeZone ?? 'America/Sao_Paulo';
      const { checkCsvSliced, validTimeZone } = await import('./csv-check.ts');
      if (!validTimeZone(timeZone)) throw new ApiError(400, 'timeZoneInvalid', { field: 'timeZone' });
      const check = await checkCsvSliced(request.body.csv, timeZone, lang);
      if (!check.ok)
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: check.message, errors: check.errors });

      const preset = await accountSettings(app.db, accountId);
      const rows = await app.db.transaction().execute(async (trx) => {
        const created = await insertStreams(
          trx,
          check.rows.map((r) =>
            newStreamRow(
              accountId,
              {
                nome: r.nome,
                descricao: r.descricao,
                scheduledStartTime: r.scheduledStartTime,
                signals: initialSignals(undefined),
              },
              { ...preset, type: r.type ?? preset.type, latency: r.latency ?? preset.latency },
            ),
          ),
        );
        for (const row of created)
          await logStream(trx, request, accountId, 'TRANSMISSAO_CRIADA', row.id, loggableFields(row));
        return created;
      });
      const keys = holds(request, accountId, 'broadcast');
      return reply.code(201).send({ created: rows.length, items: rows.map((r) => streamView(r, keys)) });
    },
  );
};

export default csvRoutes;
