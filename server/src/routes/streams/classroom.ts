import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findStream, updateStream } from '../../db/repositories/streams.ts';
import type { ClassroomSpeaker, LiveStreamRow, StoredImage } from '../../db/tables/streams.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { AVATAR_BOX } from '../../media/images.ts';
import { READ_STREAMS } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { logStream } from './activity.ts';
import { MULTIPART_OVERHEAD, receiveImage } from './banners.ts';
import {
  avatarUrl,
  ClassroomContent,
  ClassroomContentInput,
  classroomContentView,
  normalizeAgenda,
  normalizeSpeakers,
} from './classroom-content.ts';
import { IdParams } from './schemas.ts';
import { MAX_IMAGE_BYTES, removeImage, speakerImageName } from './storage.ts';
import { readableStream } from './view.ts';

/** Who edits a live's classroom: whoever edits the live (PATCH /v1/live-streams/{id}). */
const EDIT = { permission: { anyOf: ['showStreaming'] as ['showStreaming'] } };

const SpeakerParams = Type.Object({ id: Uuid, speakerId: Uuid });

/**
 * The classroom of a live, as the console edits it (docs/classroom.md): its speakers (name, role,
 * avatar, order) and agenda. The public page reads them through GET /bff/classroom/{liveId}; the
 * cover and backgrounds are the live's `classroom*` banners (banners.ts).
 */
const classroomContentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app.media;
  const tags = ['live streams'];

  /** Removes image files no longer referenced, after the commit: a failure leaves an unlinked file. */
  const forget = async (
    request: FastifyRequest,
    row: Pick<LiveStreamRow, 'account_id' | 'id'>,
    gone: ClassroomSpeaker[],
  ) => {
    for (const s of gone)
      if (s.avatar)
        await removeImage(storage, row.account_id, row.id, speakerImageName(s.id), s.avatar).catch(
          (err: unknown) => request.log.warn({ err }, 'could not remove a speaker avatar'),
        );
  };

  app.get(
    '/v1/live-streams/:id/classroom',
    {
      config: { permission: { anyOf: READ_STREAMS } },
      schema: {
        tags,
        summary: "A live's classroom: its speakers and agenda",
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        response: { 200: ClassroomContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => classroomContentView((await readableStream(app.db, request, request.params.id)).row),
  );

  app.put(
    '/v1/live-streams/:id/classroom',
    {
      config: EDIT,
      schema: {
        tags,
        summary: "Set a live's classroom speakers and agenda (each list sent replaces the current one)",
        security: bearer,
        params: IdParams,
        querystring: AccountIdQuery,
        body: ClassroomContentInput,
        response: { 200: ClassroomContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const agenda = request.body.agenda === undefined ? undefined : normalizeAgenda(request.body.agenda);
      const { row, gone } = await app.db.transaction().execute(async (trx) => {
        const current = await findStream(trx, accountId, id, { forUpdate: true });
        if (!current) throw new ApiError(404, 'streamNotFound');
        const speakers =
          request.body.speakers === undefined
            ? current.classroom_speakers
            : normalizeSpeakers(request.body.speakers, current.classroom_speakers);
        const nextAgenda = agenda ?? current.classroom_agenda;
        const same =
          JSON.stringify(speakers) === JSON.stringify(current.classroom_speakers) &&
          JSON.stringify(nextAgenda) === JSON.stringify(current.classroom_agenda);
        if (same) return { row: current, gone: [] };
        const updated = await updateStream(trx, accountId, id, {
          classroom_speakers: JSON.stringify(speakers),
          classroom_agenda: JSON.stringify(nextAgenda),
        });
        await logStream(trx, request, accountId, 'SALA_DE_AULA_ATUALIZADA', id, {
          nome: current.nome,
          oradores: speakers.map((s) => (s.role ? `${s.name} (${s.role})` : s.name)),
          agenda: nextAgenda.map((a) => `${a.time} ${a.title}`),
        });
        const kept = new Set(speakers.map((s) => s.id));
        return { row: updated!, gone: current.classroom_speakers.filter((s) => !kept.has(s.id)) };
      });
      await forget(request, row, gone);
      return classroomContentView(row);
    },
  );

  /** Sets (or clears) a speaker's avatar and logs it; the replaced file goes after the commit. */
  async function setAvatar(
    request: FastifyRequest,
    accountId: string,
    id: string,
    speakerId: string,
    avatar: StoredImage | null,
  ) {
    const { row, previous } = await app.db.transaction().execute(async (trx) => {
      const current = await findStream(trx, accountId, id, { forUpdate: true });
      if (!current) throw new ApiError(404, 'streamNotFound');
      const speaker = current.classroom_speakers.find((s) => s.id === speakerId);
      if (!speaker) throw new ApiError(404, 'classroomSpeakerNotFound');
      if (!avatar && !speaker.avatar) return { row: current, previous: null };
      const speakers = current.classroom_speakers.map((s) => (s.id === speakerId ? { ...s, avatar } : s));
      const updated = await updateStream(trx, accountId, id, {
        classroom_speakers: JSON.stringify(speakers),
      });
      await logStream(trx, request, accountId, 'SALA_DE_AULA_ATUALIZADA', id, {
        nome: current.nome,
        orador: speaker.name,
        avatar: avatarUrl(current, { ...speaker, avatar }),
      });
      return { row: updated!, previous: speaker.avatar };
    });
    if (previous) await forget(request, row, [{ id: speakerId, name: '', role: null, avatar: previous }]);
    return row;
  }

  app.post(
    '/v1/live-streams/:id/classroom/speakers/:speakerId/avatar',
    {
      config: { ...EDIT, blocked: 'accountBlockedContent' },
      schema: {
        tags,
        summary:
          "Set a classroom speaker's avatar (multipart field `file`: PNG, JPEG or WebP by content, ≤ 10 MB; re-encoded, ≤ 512×512)",
        security: bearer,
        consumes: ['multipart/form-data'],
        params: SpeakerParams,
        querystring: AccountIdQuery,
        response: { 200: ClassroomContent, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const id = request.params.id.toLowerCase();
      const speakerId = request.params.speakerId.toLowerCase();
      // Refused before a byte of the body is read: a missing live or speaker, a body that cannot fit.
      const current = await findStream(app.db, accountId, id);
      if (!current) throw new ApiError(404, 'streamNotFound');
      if (!current.classroom_speakers.some((s) => s.id === speakerId))
        throw new ApiError(404, 'classroomSpeakerNotFound');
      if (Number(request.headers['content-length']) > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD) {
        reply.header('connection', 'close');
        throw new ApiError(413, 'imageTooLarge');
      }
      const image = await receiveImage(request, accountId, id, speakerImageName(speakerId), AVATAR_BOX);
      try {
        return classroomContentView(await setAvatar(request, accountId, id, speakerId, image));
      } catch (error) {
        await removeImage(storage, accountId, id, speakerImageName(speakerId), image).catch(() => {});
        throw error;
      }
    },
  );

  app.delete(
    '/v1/live-streams/:id/classroom/speakers/:speakerId/avatar',
    {
      config: EDIT,
      schema: {
        tags,
        summary: "Remove a classroom speaker's avatar",
        security: bearer,
        params: SpeakerParams,
        querystring: AccountIdQuery,
        response: { 200: ClassroomContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const row = await setAvatar(
        request,
        accountId,
        request.params.id.toLowerCase(),
        request.params.speakerId.toLowerCase(),
        null,
      );
      return classroomContentView(row);
    },
  );
};

export default classroomContentRoutes;
