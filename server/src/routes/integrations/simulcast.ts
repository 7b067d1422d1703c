import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { SIMULCAST_STATES, type SimulcastTarget } from '../../../../contract/integrations.ts';
import { sessionsOfStream } from '../../db/repositories/simulcast.ts';
import { findStream } from '../../db/repositories/streams.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf, READ_STREAMS } from '../streams/view.ts';

const Target = Type.Object({
  provider: Type.Union([Type.Literal('youtube'), Type.Literal('facebook')]),
  liveId: Uuid,
  state: Type.Union(
    [Type.Literal('starting'), Type.Literal('live'), Type.Literal('ended'), Type.Literal('failed')],
    {
      description: SIMULCAST_STATES.join(', '),
    },
  ),
  watchUrl: Nullable(Type.String()),
  error: Nullable(Type.String()),
});

/** Where a live is simulcast, for its panel (docs/integrations.md "Simulcast"). */
const simulcastRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/simulcast/:liveId',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags: ['integrations'],
        summary: "A live's simulcasts to the team's YouTube channel and Facebook Page, and their state",
        description:
          'One entry per connected channel or Page the live was sent to: `starting` (broadcast made, push ' +
          'connecting), `live`, `failed` (with the reason; retried while the live runs), `ended`.',
        security: bearer,
        params: Type.Object({ liveId: Uuid }),
        querystring: AccountIdQuery,
        response: { 200: Type.Array(Target), ...errors(400, 401, 403, 404) },
      },
    },
    async (request): Promise<SimulcastTarget[]> => {
      const accountId = accountOf(request);
      const liveId = request.params.liveId.toLowerCase();
      if (!(await findStream(app.db, accountId, liveId))) throw new ApiError(404, 'streamNotFound');
      return (await sessionsOfStream(app.db, accountId, liveId)).map((s) => ({
        provider: s.provider,
        liveId: s.stream_id,
        state: s.state,
        watchUrl: s.watch_url,
        error: s.error,
      }));
    },
  );
};

export default simulcastRoutes;
