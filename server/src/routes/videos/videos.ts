import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type {
  ProgressItem as ContractProgressItem,
  CreatedContent,
  TotalLikes,
  VideoPage,
} from '../../../../contract/videos.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { totalLikes } from '../../db/repositories/analytics.ts';
import { findDirectory } from '../../db/repositories/directories.ts';
import { listActiveSubtitleJobs } from '../../db/repositories/subtitle-jobs.ts';
import { listSubtitles, listSubtitlesOf } from '../../db/repositories/video-subtitles.ts';
import {
  createVideo,
  deleteVideo,
  findVideo,
  isQueued,
  listActiveVideos,
  listVideos,
  updateVideo,
  type VideoChanges,
  type VideoRecord,
} from '../../db/repositories/videos.ts';
import { AccountIdQuery, bearer, errors, Name, Nullable, Page, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { localizedMediaError } from '../../lib/i18n-media.ts';
import {
  END_SCREEN_BOX,
  MAX_IMAGE_BYTES,
  normalizeImage,
  sniffImage,
  VIDEO_THUMBNAIL_BOX,
} from '../../media/images.ts';
import { videoPrefix } from '../../media/storage.ts';
import { accessibleAccount } from '../../plugins/multitenancy.ts';
import { requireDeclaredIn } from '../../plugins/permissions.ts';
import {
  loadVideo,
  progressOf,
  VideoParams,
  VideoSchema,
  VideoStatusSchema,
  VOD,
  videoView,
  workingAccount,
} from './common.ts';
import { filePart, readSmallFile } from './multipart.ts';
import { subtitleJobError } from './subtitle-job-view.ts';

const Title = Name({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 5000 });
/** The multipart envelope around an image. */
const IMAGE_OVERHEAD = 64 * 1024;
const PROGRESS_RECENT_MINUTES = 30;
const PROGRESS_LIMIT = 100;

const ProgressItem = Type.Object({
  videoId: Uuid,
  title: Type.String(),
  name: Type.String({ description: 'the same as title (SPEC §3: "title or name")' }),
  type: Type.Union([Type.Literal('upload'), Type.Literal('transcode'), Type.Literal('subtitles')], {
    description: 'subtitles: an automatic-subtitles job of the video (its `language` says which)',
  }),
  language: Type.Optional(Type.String({ description: 'subtitles items: the language of the track' })),
  status: Type.Union([
    Type.Literal('uploading'),
    Type.Literal('processing'),
    Type.Literal('ready'),
    Type.Literal('failed'),
  ]),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  queued: Type.Optional(
    Type.Boolean({
      description: 'a video waiting for its transcode to start (docs/uploads.md "Queued transcodes")',
    }),
  ),
  error: Nullable(Type.String()),
});

const VideoPageSchema = Type.Object({
  items: Type.Array(VideoSchema),
  pagination: Type.Object({
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    pagesTotal: Type.Integer(),
  }),
});
const CreatedContentSchema = Type.Object({ videoId: Uuid });
const TotalLikesSchema = Type.Object({ videoId: Uuid, totalLikes: Type.Integer() });

// The answers equal contract/videos.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type VideoPageMatchesContract = Expect<Equal<Static<typeof VideoPageSchema>, VideoPage>>;
export type CreatedContentMatchesContract = Expect<
  Equal<Static<typeof CreatedContentSchema>, CreatedContent>
>;
export type TotalLikesMatchesContract = Expect<Equal<Static<typeof TotalLikesSchema>, TotalLikes>>;
export type ProgressItemMatchesContract = Expect<Equal<Static<typeof ProgressItem>, ContractProgressItem>>;

const videoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const show = async (request: FastifyRequest, video: VideoRecord) =>
    videoView(app, video, await listSubtitles(app.db, video.id), langOf(request));

  /** A folder of that account, or 404 (another team's folder looks missing). */
  const checkDirectory = async (accountId: string, directoryId: string | null | undefined) => {
    if (!directoryId) return null;
    const directory = await findDirectory(app.db, accountId, directoryId.toLowerCase());
    if (!directory) throw new ApiError(404, 'directoryNotFound');
    return directory.id;
  };

  const create = async (
    request: FastifyRequest,
    accountId: string,
    values: { title: string; description: string; directoryId: string | null },
  ) =>
    app.db.transaction().execute(async (trx) => {
      const id = await createVideo(trx, { ...values, accountId, createdBy: request.auth!.user.id });
      await recordActivity(trx, {
        ...activityOf(request),
        accountId,
        event: 'VIDEO_CRIADO',
        identifier: id,
        record: toRecord({
          title: values.title,
          description: values.description || undefined,
          directoryId: values.directoryId,
        }),
      });
      return id;
    });

  app.post(
    '/v1/contents',
    {
      config: { permission: VOD, blocked: 'accountBlockedVideos', blockedIn: 'named' },
      schema: {
        tags: ['videos'],
        summary: 'Create content (SPEC §3): a video awaiting its upload',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ title: Title, directoryId: Nullable(Uuid), accountId: Uuid }),
        response: { 201: CreatedContentSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = request.body.accountId.toLowerCase();
      if (request.account && request.account.id !== accountId) {
        throw new ApiError(400, 'format', { field: 'accountId' });
      }
      const account = await accessibleAccount(request, request.auth!, accountId);
      if (!account) throw new ApiError(404, 'accountNotFound');
      // The body names the account: the permission must hold there, whatever the working team is.
      await requireDeclaredIn(request, account);
      const directoryId = await checkDirectory(account.id, request.body.directoryId);
      const title = request.body.title.trim();
      if (!title) throw new ApiError(400, 'required', { field: 'title' });
      const videoId = await create(request, account.id, { title, description: '', directoryId });
      return reply.code(201).send({ videoId });
    },
  );

  app.post(
    '/v1/videos/vod',
    {
      config: { permission: VOD, blocked: 'accountBlockedVideos' },
      schema: {
        tags: ['videos'],
        summary: 'Creates a video from its data',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({
          title: Title,
          description: Type.Optional(Description),
          directoryId: Type.Optional(Nullable(Uuid)),
        }),
        response: { 201: VideoSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const account = await workingAccount(request);
      const directoryId = await checkDirectory(account.id, request.body.directoryId);
      const title = request.body.title.trim();
      if (!title) throw new ApiError(400, 'required', { field: 'title' });
      const id = await create(request, account.id, {
        title,
        description: request.body.description ?? '',
        directoryId,
      });
      return reply.code(201).send(await show(request, (await findVideo(app.db, id))!));
    },
  );

  app.get(
    '/v1/videos',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: "The account's videos, newest first",
        security: bearer,
        querystring: Type.Object({
          ...AccountIdQuery.properties,
          directoryId: Type.Optional(Type.Union([Uuid, Type.Literal('root')])),
          search: Type.Optional(Type.String({ maxLength: 100 })),
          status: Type.Optional(VideoStatusSchema),
          page: Type.Optional(Page),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: {
          200: VideoPageSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const account = await workingAccount(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const directory = request.query.directoryId;
      const { items, total } = await listVideos(app.db, {
        accountId: account.id,
        directory: directory === undefined || directory === 'root' ? directory : directory.toLowerCase(),
        search: request.query.search?.trim() || undefined,
        status: request.query.status,
        page,
        limit,
      });
      const subtitles = await listSubtitlesOf(
        app.db,
        items.map((v) => v.id),
      );
      return {
        items: items.map((v) => videoView(app, v, subtitles, langOf(request))),
        pagination: { page, limit, total, pagesTotal: Math.ceil(total / limit) },
      };
    },
  );

  app.get(
    '/v1/videos/transcode/progress',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'Uploads and transcodes of the account for the processing modal (SPEC §2.6)',
        description: `Videos being uploaded or transcoded and automatic-subtitles jobs, and those finished in the last ${PROGRESS_RECENT_MINUTES} minutes; at most ${PROGRESS_LIMIT} (videos first).`,
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Type.Array(ProgressItem), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const account = await workingAccount(request);
      const [videos, jobs] = await Promise.all([
        listActiveVideos(app.db, account.id, PROGRESS_RECENT_MINUTES, PROGRESS_LIMIT),
        listActiveSubtitleJobs(app.db, account.id, PROGRESS_RECENT_MINUTES, PROGRESS_LIMIT),
      ]);
      const lang = langOf(request);
      const subtitles = jobs.map((j) => ({
        videoId: j.video_id,
        title: j.title,
        name: j.title,
        type: 'subtitles' as const,
        language: j.language,
        status:
          j.status === 'done'
            ? ('ready' as const)
            : j.status === 'failed'
              ? ('failed' as const)
              : ('processing' as const),
        progress: j.status === 'done' ? 100 : j.progress,
        error: subtitleJobError(app, j, lang),
      }));
      // Videos first: a video's own row is the one found by its id (src/features/vod/api/realtime.ts).
      return [
        ...videos.map((v) => ({
          videoId: v.id,
          title: v.title,
          name: v.title,
          type: v.status === 'uploading' ? ('upload' as const) : ('transcode' as const),
          status: v.status as 'uploading' | 'processing' | 'ready' | 'failed',
          progress: progressOf(v),
          queued: isQueued(v),
          error: localizedMediaError(v.error, langOf(request)),
        })),
        ...subtitles,
      ].slice(0, PROGRESS_LIMIT);
    },
  );

  app.get(
    '/v1/videos/:id',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'One video',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        response: { 200: VideoSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => show(request, (await loadVideo(request, request.params.id)).video),
  );

  app.patch(
    '/v1/videos/:id',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: "Changes a video's title, description or folder",
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        body: Type.Object(
          {
            title: Type.Optional(Title),
            description: Type.Optional(Description),
            directoryId: Type.Optional(Nullable(Uuid)),
          },
          { additionalProperties: false },
        ),
        response: { 200: VideoSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { video } = await loadVideo(request, request.params.id);
      const changes: VideoChanges = {};
      const { title, description, directoryId } = request.body;
      if (title !== undefined && title.trim() !== video.title) {
        if (!title.trim()) throw new ApiError(400, 'required', { field: 'title' });
        changes.title = title.trim();
      }
      if (description !== undefined && description !== video.description) changes.description = description;
      if (directoryId !== undefined) {
        const target = await checkDirectory(video.account_id, directoryId);
        if (target !== video.directory_id) changes.directory_id = target;
      }
      if (Object.keys(changes).length > 0) {
        await app.db.transaction().execute(async (trx) => {
          await updateVideo(trx, video.id, changes);
          await recordActivity(trx, {
            ...activityOf(request),
            accountId: video.account_id,
            event: 'VIDEO_ATUALIZADO',
            identifier: video.id,
            record: toRecord({
              title: changes.title,
              description: changes.description,
              directoryId: changes.directory_id,
            }),
          });
        });
      }
      return show(request, (await findVideo(app.db, video.id))!);
    },
  );

  app.delete(
    '/v1/videos/:id',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'Deletes a video and its media',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { video } = await loadVideo(request, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        if (!(await deleteVideo(trx, video.id))) throw new ApiError(404, 'videoNotFound');
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: video.account_id,
          event: 'VIDEO_REMOVIDO',
          identifier: video.id,
          record: toRecord({ title: video.title }),
        });
      });
      app.media.transcoder.cancel(video.id);
      app.media.subtitles.cancel(video.id);
      await Promise.all([
        app.media.storage.removePrefix(videoPrefix(video.account_id, video.id)),
        app.media.uploads.store.remove(video.id),
      ]);
      return reply.code(204).send(null);
    },
  );

  for (const kind of ['thumbnail', 'end-screen'] as const) {
    app.post(
      `/v1/videos/:id/${kind}`,
      {
        config: { permission: VOD, blocked: 'accountBlockedVideos', blockedIn: 'named' },
        schema: {
          tags: ['videos'],
          summary: kind === 'thumbnail' ? "Sets the video's thumbnail" : "Sets the video's end screen",
          description:
            'multipart field `file`: PNG, JPEG or WebP, checked by content, at most 10 MB (10485760 bytes).',
          security: bearer,
          consumes: ['multipart/form-data'],
          params: VideoParams,
          querystring: AccountIdQuery,
          response: { 200: VideoSchema, ...errors(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const { video } = await loadVideo(request, request.params.id);
        const part = await filePart(request, {
          maxBody: MAX_IMAGE_BYTES + IMAGE_OVERHEAD,
          tooLarge: 'videoImageTooLarge',
          fileSize: MAX_IMAGE_BYTES + 1,
        });
        const bytes = await readSmallFile(part, MAX_IMAGE_BYTES, 'videoImageTooLarge');
        const type = sniffImage(bytes.subarray(0, 16));
        if (!type) throw new ApiError(415, 'videoImageFormat');
        const image = await normalizeImage(
          bytes,
          type.ext,
          kind === 'thumbnail' ? VIDEO_THUMBNAIL_BOX : END_SCREEN_BOX,
        );

        const key = `images/${kind}-${randomBytes(6).toString('hex')}.${type.ext}`;
        const prefix = videoPrefix(video.account_id, video.id);
        const scratch = await app.media.storage.scratchDir();
        try {
          await writeFile(join(scratch, 'image'), image);
          await app.media.storage.putFile(`${prefix}/${key}`, join(scratch, 'image'));
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
        const previous = kind === 'thumbnail' ? video.thumbnail_key : video.end_screen_key;
        await app.db.transaction().execute(async (trx) => {
          await updateVideo(
            trx,
            video.id,
            kind === 'thumbnail' ? { thumbnail_key: key, custom_thumbnail: true } : { end_screen_key: key },
          );
          await recordActivity(trx, {
            ...activityOf(request),
            accountId: video.account_id,
            event: 'VIDEO_ATUALIZADO',
            identifier: video.id,
            record: toRecord({ [kind === 'thumbnail' ? 'thumbnail' : 'endScreen']: key }),
          });
        });
        if (previous?.startsWith('images/')) await app.media.storage.remove(`${prefix}/${previous}`);
        return show(request, (await findVideo(app.db, video.id))!);
      },
    );
  }

  app.get(
    '/v1/analytics/vod/:id/total-likes',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: "A video's like count",
        description: 'Likes from the VOD player’s like button, one per playback session (docs/analytics.md).',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        response: {
          200: TotalLikesSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { video } = await loadVideo(request, request.params.id);
      return { videoId: video.id, totalLikes: await totalLikes(app.db, video.id) };
    },
  );
};

export default videoRoutes;
