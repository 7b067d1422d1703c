import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/config.ts';
import packageJson from '../../../../package.json' with { type: 'json' };
import { meterVodSegment } from '../../billing/segments.ts';
import { errors, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { videoPrefix } from '../../media/storage.ts';
import { sendStored } from '../../media/stored-files.ts';
import { uploadBase } from './common.ts';

const VERSION = packageJson.version;

/** The only media files a signed URL opens (never the uploaded source, which lives elsewhere anyway). */
export const FILES: [RegExp, string][] = [
  [/^hls\/master\.m3u8$/, 'application/vnd.apple.mpegurl'],
  [/^hls\/[0-9a-z]{2,12}\/index\.m3u8$/, 'application/vnd.apple.mpegurl'],
  [/^hls\/[0-9a-z]{2,12}\/seg_\d{1,7}\.ts$/, 'video/mp2t'],
  [/^thumbnail\.jpg$/, 'image/jpeg'],
  [/^images\/[a-z-]{1,20}-[0-9a-f]{12}\.jpg$/, 'image/jpeg'],
  [/^images\/[a-z-]{1,20}-[0-9a-f]{12}\.png$/, 'image/png'],
  [/^images\/[a-z-]{1,20}-[0-9a-f]{12}\.webp$/, 'image/webp'],
  [/^subtitles\/[A-Za-z0-9-]{2,35}-[0-9a-z]{1,12}\.vtt$/, 'text/vtt; charset=utf-8'],
];

const ConsoleConfig = Type.Object({
  uploadUrl: Type.String({
    description: 'the upload host (SPEC §9): chunked mode when it differs from apiUrl',
  }),
  apiUrl: Type.String({ description: 'the standard API host (PUBLIC_URL)' }),
  productName: Type.String(),
  version: Type.String(),
  ingestUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      'the RTMP server encoders publish to (`rtmp://host:port/live`; the stream name is a signal key); null when this server has no ingest',
  }),
  whipUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      'the WHIP endpoint (RFC 9725) encoders and the browser studio publish to, with a signal key as Bearer token; null when this server has no ingest',
  }),
  autoSubtitleLanguages: Type.Array(Type.String(), {
    description:
      'primary language subtags automatic subtitles recognise (`en`, `pt`); empty when no speech-recognition engine is installed or configured: the console hides the button',
  }),
});

// The answer equals contract/config.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type ConsoleConfigMatchesContract = Expect<
  Equal<Static<typeof ConsoleConfig>, Contract.ConsoleConfig>
>;

/**
 * Routes without a Bearer token: the console's configuration, and media behind signed, expiring URLs
 * (docs/api-videos.md "Media serving").
 */
const publicVideoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/config',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['videos'],
        summary:
          'What the console needs before signing in: upload host, product name, version, automatic subtitles',
        response: {
          200: ConsoleConfig,
          ...errors(500),
        },
      },
    },
    async () => ({
      uploadUrl: uploadBase(app.config),
      apiUrl: app.config.publicUrl,
      productName: app.config.productName,
      version: VERSION,
      ingestUrl: app.config.ingestUrl,
      whipUrl: app.config.whipUrl,
      autoSubtitleLanguages: app.media.subtitles.languages,
    }),
  );

  app.get(
    '/media/:accountId/:videoId/:token/*',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['videos'],
        summary: 'A media file of one video, through a signed URL (no token needed)',
        params: Type.Object({
          accountId: Uuid,
          videoId: Uuid,
          token: Type.String({ maxLength: 80 }),
          // The file path (the `*` wildcard) is checked against FILES below: TypeBox cannot name `*`.
        }),
        response: { 200: Type.Unknown({ description: 'the file' }), ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { accountId, videoId, token } = request.params;
      const file = (request.params as Record<string, string | undefined>)['*'] ?? '';
      if (!app.media.signer.verify(accountId, videoId, token)) throw new ApiError(403, 'mediaLinkInvalid');
      const type = FILES.find(([pattern]) => pattern.test(file))?.[1];
      if (!type) throw new ApiError(404, 'notFound');
      const prefix = videoPrefix(accountId, videoId);
      const sent = await sendStored(
        request,
        reply,
        app.media.storage,
        `${prefix}/${file}`,
        { type, cache: 'private, max-age=3600' },
        () => meterVodSegment(app, accountId, prefix, file, request.method),
      );
      if (!sent) throw new ApiError(404, 'notFound');
      return reply;
    },
  );
};

export default publicVideoRoutes;
