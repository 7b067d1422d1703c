import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import {
  SIMULCAST_FAILURES,
  SIMULCAST_STATES,
  type SimulcastTarget,
} from '../../../../contract/integrations.ts';
import { sessionsOfStream, simulcastConnections } from '../../db/repositories/simulcast.ts';
import { findStream } from '../../db/repositories/streams.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { READ_STREAMS } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';

const Target = Type.Object({
  id: Type.String({ description: "The session's id, or the waiting connection's" }),
  provider: Type.Union([Type.Literal('youtube'), Type.Literal('facebook')]),
  liveId: Uuid,
  state: Type.Enum(SIMULCAST_STATES, { description: SIMULCAST_STATES.join(', ') }),
  name: Nullable(Type.String({ description: "The YouTube channel's title or the Facebook Page's name" })),
  watchUrl: Nullable(Type.String()),
  reason: Nullable(
    Type.Enum(SIMULCAST_FAILURES, { description: `Why it failed: ${SIMULCAST_FAILURES.join(', ')}` }),
  ),
  error: Nullable(Type.String({ description: "The failure's details, in English" })),
});

// The answer equals contract/integrations.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type TargetMatchesContract = Expect<Equal<Static<typeof Target>, SimulcastTarget>>;

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
          'One entry per connected channel or Page: `waiting` (switched on, the live not sent there yet; ' +
          'only until the live ends), `starting` (broadcast made, push connecting), `live`, `failed` ' +
          '(with the reason; retried while the live runs), `ended`. Empty when the team simulcasts nowhere.',
        security: bearer,
        params: Type.Object({ liveId: Uuid }),
        querystring: AccountIdQuery,
        response: { 200: Type.Array(Target), ...errors(400, 401, 403, 404) },
      },
    },
    async (request): Promise<SimulcastTarget[]> => {
      const accountId = accountOf(request);
      const liveId = request.params.liveId.toLowerCase();
      const stream = await findStream(app.db, accountId, liveId);
      if (!stream) throw new ApiError(404, 'streamNotFound');
      const sessions = await sessionsOfStream(app.db, accountId, liveId);
      const targets: SimulcastTarget[] = sessions.map((s) => ({
        id: s.id,
        provider: s.provider,
        liveId: s.stream_id,
        state: s.state,
        name: s.label,
        watchUrl: s.watch_url,
        reason: s.state === 'failed' ? (s.error_reason ?? 'other') : null,
        error: s.error,
      }));
      if (stream.status === 'finished') return targets;
      // Destinations switched on that this live has not been sent to yet: they follow its video.
      const sent = new Set(sessions.map((s) => s.connection_id));
      for (const c of await simulcastConnections(app.db, accountId)) {
        if (sent.has(c.id)) continue;
        targets.push({
          id: c.id,
          provider: c.provider === 'youtube' ? 'youtube' : 'facebook',
          liveId,
          state: 'waiting',
          name: c.label,
          watchUrl: null,
          reason: null,
          error: null,
        });
      }
      return targets;
    },
  );
};

export default simulcastRoutes;
