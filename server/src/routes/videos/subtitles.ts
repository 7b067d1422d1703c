import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { deleteSubtitle, findSubtitle, upsertSubtitle } from '../../db/repositories/video-subtitles.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf, t } from '../../lib/i18n.ts';
import { videoPrefix } from '../../media/storage.ts';
import {
  MAX_SUBTITLE_BYTES,
  parseSubtitlesSliced,
  parseVttSliced,
  SubtitleFormatError,
  toVtt,
} from '../../media/subtitles.ts';
import { AccountIdQuery, bearer, errors } from '../schemas.ts';
import { loadVideo, VideoParams, VOD } from './common.ts';
import { fieldValue, filePart, readSmallFile } from './multipart.ts';

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
  status: Type.Literal('unavailable'),
  message: Type.String(),
});

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
      const prefix = videoPrefix(video.account_id, video.id);
      // A new name each time: a cached old file is never mistaken for the new one.
      const key = `subtitles/${language}-${Date.now().toString(36)}.vtt`;
      const scratch = await storage.scratchDir();
      try {
        await writeFile(join(scratch, 'file.vtt'), vtt);
        await storage.putFile(`${prefix}/${key}`, join(scratch, 'file.vtt'));
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      const previous = await app.db.transaction().execute(async (trx) => {
        const replaced = await upsertSubtitle(trx, { videoId: video.id, language, fileKey: key });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: video.account_id,
          event: 'LEGENDA_CRIADA',
          identifier: video.id,
          record: toRecord({ language, title: video.title }),
        });
        return replaced;
      });
      if (previous && previous !== key) await storage.remove(`${prefix}/${previous}`);
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

  // No speech-recognition engine runs here: say so instead of pretending to start a job.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/videos/:id/subtitles/job',
      config:
        method === 'POST'
          ? { permission: VOD, blocked: 'accountBlockedVideos', blockedIn: 'named' }
          : { permission: VOD },
      schema: {
        tags: ['videos'],
        summary:
          method === 'POST'
            ? 'Automatic subtitles: not available on this server (nothing is started)'
            : 'State of automatic subtitles: unavailable on this server',
        security: bearer,
        params: VideoParams,
        querystring: AccountIdQuery,
        response: { 200: JobState, ...errors(400, 401, 404) },
      },
      handler: async (request) => {
        await loadVideo(request, (request.params as { id: string }).id);
        return { status: 'unavailable' as const, message: t(langOf(request), 'subtitlesUnavailable') };
      },
    });
  }
};

export default subtitleRoutes;
