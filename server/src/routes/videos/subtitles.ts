import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Subtitle, SubtitlesJob } from '../../../../contract/videos.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  insertSubtitleJob,
  isUnfinishedConflict,
  latestSubtitleJob,
} from '../../db/repositories/subtitle-jobs.ts';
import { deleteSubtitle, findSubtitle } from '../../db/repositories/video-subtitles.ts';
import type { SubtitleJobRow } from '../../db/tables/subtitle-jobs.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { videoPrefix } from '../../media/storage.ts';
import { saveSubtitleTrack } from '../../media/subtitle-jobs.ts';
import {
  MAX_SUBTITLE_BYTES,
  parseSubtitlesSliced,
  parseVttSliced,
  SubtitleFormatError,
  toVtt,
} from '../../media/subtitles.ts';
import { loadVideo, VideoParams, VOD } from './common.ts';
import { fieldValue, filePart, readSmallFile } from './multipart.ts';
import { languageList, subtitleJobError } from './subtitle-job-view.ts';

/** BCP 47 as browsers send it (pt-BR, en, es-419, zh-Hant-TW). */
const LANGUAGE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/;
const Language = Type.String({ pattern: LANGUAGE.source, maxLength: 35, description: 'BCP 47, e.g. pt-BR' });

const Cue = Type.Object({
  inicio: Type.Number({ description: 'start, seconds' }),
  fim: Type.Number({ description: 'end, seconds' }),
  texto: Type.String(),
});
const SubtitleBody = Type.Object({ language: Type.String(), url: Type.String(), cues: Type.Array(Cue) });
const JobState = Type.Object({
  status: Type.Union([
    Type.Literal('unavailable'),
    Type.Literal('none'),
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  id: Type.Optional(Uuid),
  language: Type.Optional(Type.String()),
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  engine: Type.Optional(Nullable(Type.String({ description: 'pocketsphinx or whisper' }))),
  error: Type.Optional(Nullable(Type.String({ description: 'failed: why, in the request language' }))),
  createdAt: Type.Optional(Type.String({ format: 'date-time' })),
  updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
  languages: Type.Array(Type.String(), {
    description: 'primary language subtags the engines recognise (empty: automatic subtitles are off)',
  }),
});

// The answers equal contract/videos.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type SubtitleMatchesContract = Expect<Equal<Static<typeof SubtitleBody>, Subtitle>>;
export type SubtitlesJobMatchesContract = Expect<Equal<Static<typeof JobState>, SubtitlesJob>>;

/** `pt-br` and `pt-BR` are one language: stored in the canonical case. */
function canonical(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? language;
  } catch {
    throw new ApiError(400, 'format', { field: 'language' });
  }
}

const subtitleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, signer } = app.media;

  app.post(
    '/v1/videos/:id/subtitles/upload',
    {
      config: { permission: VOD, blocked: 'accountBlockedVideos', blockedIn: 'named' },
      schema: {
        tags: ['videos'],
        summary: 'Adds (or replaces) the subtitle of one language: WebVTT or SRT',
        description:
          'multipart: field `language` first, then `file` (≤ 2 MiB, UTF-8). SRT is converted to WebVTT.',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: VideoParams,
        querystring: AccountIdQuery,
        response: { 201: SubtitleBody, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { video } = await loadVideo(request, request.params.id);
      const part = await filePart(request, {
        maxBody: MAX_SUBTITLE_BYTES + 64 * 1024,
        tooLarge: 'subtitleTooLarge',
        fileSize: MAX_SUBTITLE_BYTES + 1,
      });
      const raw = fieldValue(part, 'language')?.trim();
      if (!raw) {
        part.file.resume();
        throw new ApiError(400, 'required', { field: 'language' });
      }
      if (!LANGUAGE.test(raw)) {
        part.file.resume();
        throw new ApiError(400, 'format', { field: 'language' });
      }
      const language = canonical(raw);
      const bytes = await readSmallFile(part, MAX_SUBTITLE_BYTES, 'subtitleTooLarge');
      let vtt: string;
      try {
        vtt = toVtt(await parseSubtitlesSliced(bytes));
      } catch (error) {
        if (error instanceof SubtitleFormatError || error instanceof TypeError) {
          throw new ApiError(400, 'subtitleInvalid', { field: 'file' });
        }
        throw error;
      }
      const key = await saveSubtitleTrack(app, video, language, vtt, activityOf(request));
      const cues = (await parseVttSliced(vtt)).map(({ inicio, fim, texto }) => ({ inicio, fim, texto }));
      return reply.code(201).send({ language, url: signer.url(video.account_id, video.id, key), cues });
    },
  );

  app.get(
    '/v1/videos/:id/subtitles',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'The cues of one language (SPEC §3 subtitle cue)',
        security: bearer,
        params: VideoParams,
        querystring: Type.Object({ ...AccountIdQuery.properties, language: Language }),
        response: { 200: SubtitleBody, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { video } = await loadVideo(request, request.params.id);
      const language = canonical(request.query.language);
      const row = await findSubtitle(app.db, video.id, language);
      const file = row
        ? await storage.open(`${videoPrefix(video.account_id, video.id)}/${row.file_key}`)
        : null;
      if (!row || !file) throw new ApiError(404, 'subtitleNotFound');
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      const cues = (await parseVttSliced(Buffer.concat(chunks).toString('utf8'))).map(
        ({ inicio, fim, texto }) => ({
          inicio,
          fim,
          texto,
        }),
      );
      return { language, url: signer.url(video.account_id, video.id, row.file_key), cues };
    },
  );

  app.delete(
    '/v1/videos/:id/subtitle',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'Removes the subtitle of one language',
        security: bearer,
        params: VideoParams,
        querystring: Type.Object({ ...AccountIdQuery.properties, language: Language }),
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { video } = await loadVideo(request, request.params.id);
      const language = canonical(request.query.language);
      const key = await app.db.transaction().execute(async (trx) => {
        const removed = await deleteSubtitle(trx, video.id, language);
        if (!removed) throw new ApiError(404, 'subtitleNotFound');
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: video.account_id,
          event: 'LEGENDA_REMOVIDA',
          identifier: video.id,
          record: toRecord({ language, title: video.title }),
        });
        return removed;
      });
      await storage.remove(`${videoPrefix(video.account_id, video.id)}/${key}`);
      return reply.code(204).send(null);
    },
  );

  const jobView = (request: FastifyRequest, job: SubtitleJobRow | undefined) => {
    const languages = app.media.subtitles.languages;
    if (!job)
      return { status: languages.length > 0 ? ('none' as const) : ('unavailable' as const), languages };
    return {
      status: job.status,
      id: job.id,
      language: job.language,
      progress: job.status === 'done' ? 100 : job.progress,
      engine: job.engine,
      error: subtitleJobError(app, job, langOf(request)),
      createdAt: job.created_at.toISOString(),
      updatedAt: job.updated_at.toISOString(),
      languages,
    };
  };

  app.post(
    '/v1/videos/:id/subtitles/job',
    {
      config: { permission: VOD, blocked: 'accountBlockedVideos', blockedIn: 'named' },
      schema: {
        tags: ['videos'],
        summary: "Starts automatic subtitles of one language (speech recognition on the video's audio)",
        description:
          'Queues a job (GET answers its progress); when it ends the track is stored as the subtitle of that language, as an upload would be. 400: a language no engine recognises, or a video too long; 409: the video is not ready, or a job of it is unfinished; 503: no engine on this server.',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        body: Type.Object({ language: Language }, { additionalProperties: false }),
        response: { 202: JobState, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const { video } = await loadVideo(request, request.params.id);
      const maker = app.media.subtitles;
      if (maker.languages.length === 0) throw new ApiError(503, 'subtitlesUnavailable');
      const language = canonical(request.body.language);
      if (!maker.engineFor(language)) {
        throw new ApiError(400, 'subtitlesLanguageUnavailable', {
          field: 'language',
          params: { languages: languageList(app) },
        });
      }
      if (video.status !== 'ready') throw new ApiError(409, 'subtitlesVideoNotReady');
      const { maxSeconds } = app.config.subtitles;
      if ((video.duration_seconds ?? 0) > maxSeconds) {
        throw new ApiError(400, 'subtitlesTooLong', { params: { minutes: Math.floor(maxSeconds / 60) } });
      }
      let job: SubtitleJobRow;
      try {
        job = await app.db.transaction().execute(async (trx) => {
          const row = await insertSubtitleJob(trx, {
            videoId: video.id,
            accountId: video.account_id,
            language,
            createdBy: request.auth?.user?.id ?? null,
          });
          await maker.enqueue(trx, row.id);
          await recordActivity(trx, {
            ...activityOf(request),
            accountId: video.account_id,
            event: 'LEGENDAS_AUTOMATICAS_SOLICITADAS',
            identifier: video.id,
            record: toRecord({ language, title: video.title }),
          });
          return row;
        });
      } catch (error) {
        if (isUnfinishedConflict(error)) throw new ApiError(409, 'subtitlesJobRunning');
        throw error;
      }
      return reply.code(202).send(jobView(request, job));
    },
  );

  app.get(
    '/v1/videos/:id/subtitles/job',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: "The video's newest automatic-subtitles job: state and progress",
        description:
          'status none: no job yet; unavailable: no engine on this server. `languages`: what the engines recognise (primary subtags).',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        response: { 200: JobState, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { video } = await loadVideo(request, request.params.id);
      return jobView(request, await latestSubtitleJob(app.db, video.id));
    },
  );
};

export default subtitleRoutes;
