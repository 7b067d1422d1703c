import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { addLike, removeLike, videoMediaFetched } from '../../db/repositories/analytics.ts';
import { ownerOf } from '../../db/repositories/viewers.ts';
import { errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { checkViewerSession, viewKey } from '../../media/viewer-session-check.ts';

const LikeBody = Type.Object(
  { sessionId: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);

/**
 * The VOD player's like button: `POST` likes the video, `DELETE` takes the like back; one per view
 * (the signed session in the body is the credential, as for beacons). A like counts only from a view
 * whose player fetched the video's manifest, and one client address may press at most a bounded
 * number of times (docs/analytics.md "Likes in the player", docs/security.md "Likes need a player
 * that loaded the video"): minting sessions alone inflates nothing.
 */
const likeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = {
    tags: ['playback'],
    params: Type.Object({ videoId: Uuid }),
    body: LikeBody,
    response: { 204: { type: 'null', description: 'Done' }, ...errors(400, 403, 404, 429) },
  };
  /** 429 with Retry-After past the address's bucket; a refused press takes nothing. */
  const bound = (ip: string) => {
    const wait = app.playback.bounds.likesPerAddress.take(ip);
    if (wait === 0) return;
    throw new ApiError(429, 'tooManyRequests', {
      params: { seconds: wait },
      headers: { 'retry-after': String(wait) },
    });
  };
  const sessionFor = async (videoId: string, sessionId: string) => {
    const session = checkViewerSession(app.jwtKey, sessionId);
    if (session?.kind !== 'vod' || session.id !== videoId) throw new ApiError(403, 'viewerSessionInvalid');
    const accountId = await ownerOf(app.db, 'vod', videoId);
    if (!accountId) throw new ApiError(404, 'videoNotFound');
    if (accountId !== session.accountId) throw new ApiError(403, 'viewerSessionInvalid');
    // One like per view: a renewed session likes as its view.
    return { accountId, key: viewKey(sessionId, session) };
  };

  app.post(
    '/v1/public/videos/:videoId/likes',
    {
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { ...schema, summary: 'Like a video (once per playback session)' },
    },
    async (request, reply) => {
      const videoId = request.params.videoId.toLowerCase();
      bound(request.ip);
      const { accountId, key } = await sessionFor(videoId, request.body.sessionId);
      // The view's player must have loaded the video (its marked manifest): a session asked for and
      // never played likes nothing.
      if (!(await videoMediaFetched(app.db, videoId, key))) throw new ApiError(403, 'likeNeedsPlayback');
      await addLike(app.db, { videoId, sessionId: key, accountId });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/public/videos/:videoId/likes',
    {
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { ...schema, summary: 'Take back a like of a video' },
    },
    async (request, reply) => {
      const videoId = request.params.videoId.toLowerCase();
      bound(request.ip);
      const { key } = await sessionFor(videoId, request.body.sessionId);
      await removeLike(app.db, videoId, key);
      return reply.code(204).send(null);
    },
  );
};

export default likeRoutes;
