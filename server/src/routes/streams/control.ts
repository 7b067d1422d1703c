import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { assertLivesAllowed } from '../../billing/blocking.ts';
import { findStream, transitionStream } from '../../db/repositories/streams.ts';
import type { StreamStatus } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { ACTION_WORDS, STATUS_WORDS } from '../../lib/i18n-streams.ts';
import { queueRecording } from '../../media/live-automation.ts';
import { accountOf, holds } from '../../plugins/caller.ts';
import type { LiveStatusReason } from '../../services/events.ts';
import { logStream, type StreamEvent } from './activity.ts';
import { Stream } from './schemas.ts';
import { streamView } from './view.ts';

/** The state machine: scheduled → live ⇄ paused → finished (from live or paused). */
export const TRANSITIONS = {
  start: { from: ['scheduled'], to: 'live', event: 'TRANSMISSAO_INICIADA', motivo: 'start' },
  pause: { from: ['live'], to: 'paused', event: 'TRANSMISSAO_PAUSADA', motivo: 'pause' },
  resume: { from: ['paused'], to: 'live', event: 'TRANSMISSAO_RETOMADA', motivo: 'resume' },
  complete: { from: ['live', 'paused'], to: 'finished', event: 'TRANSMISSAO_ENCERRADA', motivo: 'end' },
} as const satisfies Record<
  string,
  { from: readonly StreamStatus[]; to: StreamStatus; event: StreamEvent; motivo: LiveStatusReason }
>;
type Action = keyof typeof TRANSITIONS;

const controlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/v1/live-streams/:id/control/:action',
    {
      config: { permission: { anyOf: ['showStreaming'] } },
      schema: {
        tags: ['live streams'],
        summary: 'Start, pause, resume or end a stream',
        description:
          'scheduled → live (start), live → paused (pause), paused → live (resume), live | paused → finished (complete). Any other move: 409 naming the current state.',
        security: bearer,
        params: Type.Object({
          id: Uuid,
          action: Type.Union([
            Type.Literal('start'),
            Type.Literal('pause'),
            Type.Literal('resume'),
            Type.Literal('complete'),
          ]),
        }),
        querystring: AccountIdQuery,
        response: { 200: Stream, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const action: Action = request.params.action;
      const { from, to, event, motivo } = TRANSITIONS[action];
      // A blocked team's running streams may still pause, resume and end; a new one may not start.
      if (action === 'start') await assertLivesAllowed(app.db, accountId);
      const lang = langOf(request);
      const row = await app.db.transaction().execute(async (trx) => {
        const moved = await transitionStream(trx, accountId, id, from, to);
        if (!moved) {
          const current = await findStream(trx, accountId, id);
          if (!current) throw new ApiError(404, 'streamNotFound');
          throw new ApiError(409, 'illegalTransition', {
            params: { action: ACTION_WORDS[lang][action], state: STATUS_WORDS[lang][current.status] },
          });
        }
        if (to === 'finished') await queueRecording(app, trx, accountId, moved);
        const view = streamView(moved, false);
        await logStream(trx, request, accountId, event, id, {
          nome: moved.nome,
          status: moved.status,
          ...(to === 'finished' ? { durationSeconds: view.durationSeconds } : {}),
        });
        return moved;
      });
      // Publishes follow at once: pause stops the recording, complete ends them (a timer also checks).
      app.runInBackground('ingest: stream changed', () => app.ingest.streamChanged(id));
      app.runInBackground('realtime: live_status', () =>
        app.events.publish(accountId, 'live_status', { live_id: id, titulo: row.nome, status: to, motivo }),
      );
      return streamView(row, holds(request, accountId, 'broadcast'));
    },
  );
};

export default controlRoutes;
