import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { commitOffset, type UploadState } from '../../db/repositories/video-uploads.ts';
import { markUploading, updateVideo, type VideoRecord } from '../../db/repositories/videos.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf, t } from '../../lib/i18n.ts';
import { ExcessBytesError } from '../../media/upload-files.ts';
import {
  type ContentRange,
  MAX_CHUNK_BYTES,
  MULTIPART_OVERHEAD_BYTES,
  parseContentRange,
} from '../../media/upload-service.ts';
import { ConflictBody, loadVideo, UploadStateSchema, VideoParams, VOD } from './common.ts';
import { filePart } from './multipart.ts';

/** A write the bucket refused or could not take: 503 with a short Retry-After. */
const storeUnavailable = () => new ApiError(503, 'unavailable', { headers: { 'retry-after': '2' } });

const stateBody = (s: { offset: number; total: number | null; complete: boolean }) => ({
  offset: s.offset,
  total: s.total,
  complete: s.complete,
});

/**
 * `POST /v1/videos/{id}/source` (also under the upload host prefix): chunked with Content-Range, or
 * the whole file at once. docs/api-videos.md "Uploading the source".
 */
const sourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { uploads } = app.media;
  const { store } = uploads;

  /** Bytes 0..offset-1 fsync'd by this lease holder: recorded (never backwards). */
  const commit = async (videoId: string, token: string, total: number | null, offset: number) => {
    const ok = await app.db.transaction().execute(async (trx) => {
      if (!(await commitOffset(trx, { videoId, token, total, offset }))) return false;
      await markUploading(trx, videoId);
      return true;
    });
    // The lease expired under a stalled writer and someone else may hold it now.
    if (!ok) throw new ApiError(503, 'uploadBusy', { headers: { 'retry-after': '5' } });
  };

  /** The last step: the stored bytes become the source (on disk an fsync'd rename), then completion,
   * its log entry and the transcode job at once. */
  const complete = async (request: FastifyRequest, video: VideoRecord, token: string, total: number) => {
    await store.complete(video.id, total);
    const ok = await app.db.transaction().execute(async (trx) => {
      if (!(await commitOffset(trx, { videoId: video.id, token, total, offset: total, complete: true }))) {
        return false;
      }
      await updateVideo(trx, video.id, {
        status: 'processing',
        transcode_progress: 0,
        transcode_started_at: null,
        error: null,
      });
      await recordActivity(trx, {
        ...activityOf(request),
        accountId: video.account_id,
        event: 'UPLOAD_CONCLUIDO',
        identifier: video.id,
        record: toRecord({ title: video.title, size: total }),
      });
      await app.media.enqueueTranscode(trx, video.id);
      return true;
    });
    if (!ok) throw new ApiError(503, 'uploadBusy', { headers: { 'retry-after': '5' } });
    app.webhooks.raise(video.account_id, 'upload.completed', {
      video_id: video.id,
      title: video.title,
      size: total,
    });
    app.runInBackground('realtime: video_status', () =>
      app.events.publish(video.account_id, 'video_status', {
        video_id: video.id,
        status: 'processing',
        progress: 0,
        // Waiting for the transcoder, which says when it starts (docs/uploads.md "Queued transcodes").
        queued: true,
      }),
    );
    return { offset: total, total, complete: true };
  };

  const chunk = async (
    request: FastifyRequest,
    reply: FastifyReply,
    video: VideoRecord,
    token: string,
    state: UploadState,
    range: ContentRange,
  ) => {
    if (state.total !== null && state.total !== range.total) throw new ApiError(400, 'uploadTotalChanged');
    const { offset } = state;
    if (range.start > offset) {
      return reply.code(409).send({
        statusCode: 409,
        error: 'Conflict',
        message: t(langOf(request), 'uploadGap', { offset }),
        offset,
      });
    }
    // Everything in this chunk is stored already (a re-sent chunk): nothing is written.
    if (range.end < offset) {
      if (offset === range.total)
        return reply.code(202).send(await complete(request, video, token, range.total));
      return reply.code(201).send({ offset, total: range.total, complete: false });
    }

    const length = range.end - range.start + 1;
    const part = await filePart(request, {
      maxBody: MAX_CHUNK_BYTES + MULTIPART_OVERHEAD_BYTES,
      tooLarge: 'chunkTooLarge',
      fileSize: length + 1,
    });
    const result = await store.write(video.id, part.file, {
      skip: offset - range.start,
      position: offset,
      max: length,
      exact: true,
    });
    if (result.error instanceof ExcessBytesError) throw new ApiError(400, 'chunkMismatch');
    const stored = offset + result.written;
    // Bytes that arrived before a dropped connection are durable too: a resume skips them.
    app.metrics.uploadBytes.inc(result.written);
    if (result.written > 0) await commit(video.id, token, range.total, stored);
    // The bucket failed, not the client: "try again" (the console retries a 5xx with backoff), where a
    // 400 would fail the upload (docs/operations.md "The bucket unreachable").
    if (result.storeFailed) throw storeUnavailable();
    if (result.error || result.received !== length) {
      request.log.info({ videoId: video.id, received: result.received, length, stored }, 'incomplete chunk');
      throw new ApiError(400, 'chunkMismatch');
    }
    if (stored === range.total)
      return reply.code(202).send(await complete(request, video, token, range.total));
    return reply.code(201).send({ offset: stored, total: range.total, complete: false });
  };

  const simple = async (request: FastifyRequest, reply: FastifyReply, video: VideoRecord, token: string) => {
    const max = app.config.maxUploadBytes;
    const part = await filePart(request, {
      maxBody: max + MULTIPART_OVERHEAD_BYTES,
      tooLarge: 'uploadTooLarge',
      fileSize: max + 1,
    });
    // The whole file comes again: forget what an earlier attempt stored before truncating it.
    await app.db.transaction().execute(async (trx) => {
      await commitOffset(trx, { videoId: video.id, token, total: null, offset: 0, reset: true });
    });
    const result = await store.write(video.id, part.file, { skip: 0, position: 0, max, restart: true });
    if (result.error instanceof ExcessBytesError) {
      throw new ApiError(413, 'uploadTooLarge', { headers: { connection: 'close' } });
    }
    app.metrics.uploadBytes.inc(result.written);
    if (result.written > 0) await commit(video.id, token, null, result.written);
    if (result.storeFailed) throw storeUnavailable();
    if (result.error) throw new ApiError(400, 'chunkMismatch');
    if (result.written === 0) throw new ApiError(400, 'uploadEmpty');
    return reply.code(202).send(await complete(request, video, token, result.written));
  };

  app.post(
    '/v1/videos/:id/source',
    {
      config: { permission: VOD, blocked: 'accountBlockedVideos', blockedIn: 'named', uploadCors: true },
      schema: {
        tags: ['uploads'],
        summary: "Uploads the video's source: a chunk (Content-Range) or the whole file",
        description:
          'multipart field `file`. With `Content-Range: bytes start-end/total`: 201 chunk stored, 202 upload complete, 409 `{offset}` for a gap, 400 for a changed total, 413 for a chunk over 128 MiB (before its body is read). Without: the whole file, 202.',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: VideoParams,
        querystring: AccountIdQuery,
        response: {
          201: UploadStateSchema,
          202: UploadStateSchema,
          409: ConflictBody,
          ...errors(400, 401, 403, 404, 413, 415, 503),
        },
      },
    },
    async (request, reply) => {
      const { video } = await loadVideo(request, request.params.id);
      const range = parseContentRange(request.headers['content-range']);
      const declared = Number(request.headers['content-length']);
      const close = { headers: { connection: 'close' } };
      // Refused before a byte of the body is read.
      if (range) {
        if (range.end - range.start + 1 > MAX_CHUNK_BYTES) throw new ApiError(413, 'chunkTooLarge', close);
        if (range.total > app.config.maxUploadBytes) throw new ApiError(413, 'uploadTooLarge', close);
        if (Number.isFinite(declared) && declared > MAX_CHUNK_BYTES + MULTIPART_OVERHEAD_BYTES) {
          throw new ApiError(413, 'chunkTooLarge', close);
        }
      }
      return uploads.withLease(video.id, async (token) => {
        const state = await uploads.state(video.id);
        if (!state) throw new ApiError(404, 'videoNotFound');
        if (state.complete) {
          // A retry of a request whose answer was lost: the upload is already done.
          if (range && state.total !== range.total) throw new ApiError(400, 'uploadTotalChanged');
          return reply.code(202).send(stateBody(state));
        }
        return range
          ? chunk(request, reply, video, token, state, range)
          : simple(request, reply, video, token);
      });
    },
  );

  app.get(
    '/v1/videos/:id/source',
    {
      config: { permission: VOD, uploadCors: true },
      schema: {
        tags: ['uploads'],
        summary: 'Where the upload stands: the durable offset to resume from',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        response: { 200: UploadStateSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { video } = await loadVideo(request, request.params.id);
      const state = await uploads.state(video.id);
      if (!state) throw new ApiError(404, 'videoNotFound');
      return stateBody(state);
    },
  );
};

export default sourceRoutes;
