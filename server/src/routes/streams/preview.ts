import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/streams.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { READ_STREAMS } from '../../permissions.ts';
import { readableStream } from './view.ts';

/** The signed media folder of a signal's live preview (`live/{streamId}/{signalId}`). */
export const previewMediaId = (streamId: string, signalId: string) => `live/${streamId}/${signalId}`;

/** What one signal receives now (docs/api-streams.md "Signal status"). */
const SignalStatus = Type.Object({
  signalId: Uuid,
  publishing: Type.Boolean({ description: 'Whether an encoder publishes to the signal on this server now' }),
  width: Nullable(
    Type.Integer({ description: 'Video width in pixels; null when not publishing or not yet known' }),
  ),
  height: Nullable(
    Type.Integer({ description: 'Video height in pixels; null when not publishing or not yet known' }),
  ),
  fps: Nullable(
    Type.Number({
      description: 'Frames per second the encoder declares; null when not publishing or not yet known',
    }),
  ),
  whipDropped: Nullable(
    Type.Object(
      {
        at: Type.String({ format: 'date-time' }),
        reason: Type.Literal('pipeline'),
      },
      {
        description:
          'The last WHIP publish to the signal that the server ended on its own (its media pipeline kept failing while the publisher was connected): the publisher should offer again. Null otherwise; a new WHIP publish to the signal clears it',
      },
    ),
  ),
});

const SignalsStatus = Type.Object({ signals: Type.Array(SignalStatus) });
const SignalPreview = Type.Object({ url: Type.String(), publishing: Type.Boolean() });

// The answers equal contract/streams.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type SignalsStatusMatchesContract = Expect<
  Equal<Static<typeof SignalsStatus>, Contract.SignalsStatus>
>;
export type SignalPreviewMatchesContract = Expect<
  Equal<Static<typeof SignalPreview>, Contract.SignalPreview>
>;

/**
 * SPEC §2.3 signal preview: the signed URL of a signal's live HLS playlist, for whoever may read the
 * stream. The playlist exists only while an encoder publishes to that signal. And what each signal
 * receives now (SPEC §8 signals of differing resolutions, §9 FPS limit): size and frame rate.
 */
const previewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/live-streams/:id/signals/:signalId/preview',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags: ['live streams'],
        summary: "A signal's live preview: the signed URL of its HLS playlist",
        description:
          'The URL is relative to the API origin, needs no token and lives 6 to 7 hours (like VOD media URLs). It answers 404 while nothing is published to the signal; `publishing` tells whether an encoder publishes to it on this server now.',
        security: bearer,
        params: Type.Object({ id: Uuid, signalId: Uuid }),
        querystring: AccountIdQuery,
        response: {
          200: SignalPreview,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { accountId, row } = await readableStream(app.db, request, request.params.id);
      const id = row.id;
      const signalId = request.params.signalId.toLowerCase();
      if (!row.signals.some((s) => s.id === signalId)) throw new ApiError(404, 'signalNotFound');
      const token = app.media.signer.token(accountId, previewMediaId(id, signalId));
      return {
        url: `/media/live/${accountId}/${id}/${signalId}/${token}/index.m3u8`,
        publishing: app.ingest.isPublishing(id, signalId),
      };
    },
  );

  app.get(
    '/v1/live-streams/:id/signals/status',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags: ['live streams'],
        summary: 'What each signal of the stream receives now: publishing, video size and frame rate',
        description:
          'One entry per signal of the stream, in its order. `width`, `height` and `fps` come from the metadata the encoder sends when it starts publishing; they are null while nothing is published to the signal on this server, or until that metadata is known (or when the encoder leaves a value out).',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: {
          200: SignalsStatus,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { row } = await readableStream(app.db, request, request.params.id);
      const id = row.id;
      return {
        signals: row.signals.map((signal) => {
          const video = app.ingest.video(id, signal.id);
          return {
            signalId: signal.id,
            publishing: video !== null,
            width: video?.width ?? null,
            height: video?.height ?? null,
            fps: video?.fps ?? null,
            whipDropped: app.whip.dropped(id, signal.id),
          };
        }),
      };
    },
  );
};

export default previewRoutes;
