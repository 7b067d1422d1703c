import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findStream, updateStream } from '../../db/repositories/streams.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { logStream } from './activity.ts';
import { IdParams, Stream } from './schemas.ts';
import { newKey, streamView } from './view.ts';

/** New stream and signal keys: only for holders of `broadcast`, and never logged. */
const keyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['live streams'];

  app.post(
    '/v1/live-streams/:id/keys/regenerate',
    {
      config: { permission: { anyOf: ['broadcast'], message: 'keysForbidden' } },
      // No body at all means "the stream's key".
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'A new key for the stream, or for one of its signals (needs `broadcast`)',
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        body: Type.Object({ signalId: Type.Optional(Uuid) }, { description: 'May be left out (no body)' }),
        response: { 200: Stream, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const signalId = request.body.signalId?.toLowerCase();
      const row = await app.db.transaction().execute(async (trx) => {
        const current = await findStream(trx, accountId, id, { forUpdate: true });
        if (!current) throw new ApiError(404, 'streamNotFound');
        if (signalId === undefined) {
          const updated = await updateStream(trx, accountId, id, { stream_key: newKey() });
          await logStream(trx, request, accountId, 'CHAVE_TRANSMISSAO_ATUALIZADA', id, {
            nome: current.nome,
            sinal: null,
          });
          return updated!;
        }
        const signal = current.signals.find((s) => s.id === signalId);
        if (!signal) throw new ApiError(404, 'signalNotFound');
        const signals = current.signals.map((s) => (s.id === signalId ? { ...s, key: newKey() } : s));
        const updated = await updateStream(trx, accountId, id, { signals: JSON.stringify(signals) });
        await logStream(trx, request, accountId, 'CHAVE_TRANSMISSAO_ATUALIZADA', id, {
          nome: current.nome,
          sinal: signal.nome,
        });
        return updated!;
      });
      return streamView(row, true);
    },
  );
};

export default keyRoutes;
