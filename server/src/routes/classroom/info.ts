import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  addProvenToken,
  createParticipant,
  findClassroomLive,
  findParticipant,
} from '../../db/repositories/classroom.ts';
import type { BannerKind } from '../../db/tables/streams.ts';
import { errors, Name, Nullable, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { avatarUrl } from '../streams/classroom-content.ts';
import { imageUrl } from '../streams/view.ts';
import { joinAsGuest } from '../studio/guests.ts';
import { checkEmailCode, EMAIL_CODE, sendEmailCode } from './email-code.ts';
import { attendee, hashChatToken, newChatToken } from './validate.ts';

const ClassroomInfo = Type.Object({
  liveId: Type.String(),
  title: Type.String(),
  status: Type.String(),
  finished: Type.Boolean({ description: 'The class has ended (status finished)' }),
  schedule_date: Type.String({ description: 'ISO date and time the class is scheduled for' }),
  description: Nullable(Type.String()),
  schedule_image: Nullable(Type.String({ description: 'The classroom cover (else the stream thumbnail)' })),
  background: Nullable(
    Type.String({ description: "The viewing page's background (else the studio background)" }),
  ),
  background_login: Nullable(
    Type.String({ description: "The registration's background (else the waiting banner)" }),
  ),
  speakers: Type.Array(
    Type.Object({
      uuid: Type.String(),
      name: Type.String(),
      role: Nullable(Type.String()),
      avatar: Nullable(Type.String()),
    }),
  ),
  agenda: Type.Array(Type.Object({ time: Type.String({ description: 'HH:mm' }), title: Type.String() })),
  recording: Nullable(
    Type.Object(
      { videoId: Type.String(), embedUrl: Type.String() },
      { description: "A finished class's recording, once ready: its public VOD player" },
    ),
  ),
  recordingPending: Type.Boolean({
    description:
      "A finished class's recording is being processed (live to VOD): `recording` follows once it is ready",
  }),
});

/** Public: what the classroom pages show, and the attendee registration (docs/classroom.md). */
const classroomInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/classroom/:liveId',
    {
      config: { permission: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['classroom'],
        summary:
          'A class: title, date, description, images, speakers, agenda, and its recording once ended (public)',
        params: Type.Object({ liveId: Uuid }),
        response: { 200: ClassroomInfo, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const liveId = request.params.liveId.toLowerCase();
      const live = await findClassroomLive(app.db, liveId);
      if (!live) throw new ApiError(404, 'classroomNotFound');
      // The classroom's own image, else the stream's image it stood for before it had one.
      const url = (own: BannerKind, fallback: BannerKind) =>
        imageUrl(live.account_id, live.id, own, live.banners[own]) ??
        imageUrl(live.account_id, live.id, fallback, live.banners[fallback]);
      const finished = live.status === 'finished';
      const recording =
        finished && live.recording_status === 'ready' && live.recording_video_id
          ? { videoId: live.recording_video_id, embedUrl: `/embed/vod/${live.recording_video_id}` }
          : null;
      // Processing ends in seconds to minutes: the page asks again until then (docs/classroom.md "A
      // finished class and its recording"), and neither it nor a reload may get a stale copy.
      const recordingPending = finished && !recording && live.recording_status === 'processing';
      reply.header('cache-control', recordingPending ? 'no-cache' : 'public, max-age=30');
      return {
        liveId: live.id,
        title: live.nome,
        status: live.status,
        finished,
        schedule_date: live.scheduled_start_time.toISOString(),
        // The classroom's own public text: the stream's `descricao` is the team's internal note.
        description: live.classroom_description,
        schedule_image: url('classroomCover', 'thumbnail'),
        background: url('classroomBackground', 'studioBackground'),
        background_login: url('classroomLoginBackground', 'startSoonScreen'),
        speakers: live.classroom_speakers.map((s) => ({
          uuid: s.id,
          name: s.name,
          role: s.role,
          avatar: avatarUrl(live, s),
        })),
        agenda: live.classroom_agenda,
        recording,
        recordingPending,
      };
    },
  );

  app.post(
    '/v1/studio/lives/participantes',
    {
      config: { permission: 'public', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['classroom'],
        summary:
          'Register an attendee of a class (public); an e-mail already registered for it needs the code mailed to it',
        description:
          'A new e-mail for the class answers 200 with the chat token. An e-mail already registered for the ' +
          'class changes nothing without proof: without `code` it mails a one-time code to the address and ' +
          `answers 202 \`{codeSent: true, expiresInMinutes}\` (${EMAIL_CODE.perEmailPerHour} codes an hour per ` +
          `e-mail, ${EMAIL_CODE.perAddressPerHour} per address → 429); with the mailed \`code\` (` +
          `${EMAIL_CODE.ttlMinutes} minutes, ${EMAIL_CODE.maxAttempts} attempts) it answers 200 with a chat token ` +
          'of that registration, under the name sent here, whose player gets the viewer ID of the e-mail ' +
          '(docs/classroom.md "Registering an e-mail again").',
        body: Type.Object(
          {
            name: Name({ maxLength: 200 }),
            email: Type.String({ maxLength: 254 }),
            liveId: Uuid,
            clientId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
            code: Type.Optional(
              Type.String({
                maxLength: 20,
                description:
                  'The one-time code mailed to the address when the e-mail is already registered for the class',
              }),
            ),
            guestToken: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 1000,
                description:
                  "A studio guest link's token (`t` of /studio/{liveId}/guest): registers a guest in the studio's waiting room (docs/studio.md)",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            chatToken: Type.Optional(
              Type.String({
                description:
                  "The registration's token: the chat takes messages with it (docs/classroom.md). Absent only " +
                  'for a studio guest whose e-mail was already registered for the class (the guest link ' +
                  'admits the guest, not the registration)',
              }),
            ),
            guest: Type.Optional(
              Type.Object(
                { id: Type.String(), secret: Type.String() },
                {
                  description:
                    'With `guestToken`: the guest and its session secret (Bearer of the guest calls)',
                },
              ),
            ),
          }),
          202: Type.Object(
            {
              codeSent: Type.Literal(true),
              expiresInMinutes: Type.Integer(),
            },
            {
              description:
                'The e-mail is already registered for the class: a code was mailed to it; send the registration again with `code`',
            },
          ),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { name, email } = attendee(request.body);
      const liveId = request.body.liveId.toLowerCase();
      const live = await findClassroomLive(app.db, liveId);
      if (!live) throw new ApiError(404, 'classroomNotFound');
      // A studio guest first: a bad link registers nobody.
      const guest = request.body.guestToken
        ? await joinAsGuest(app, { liveId, token: request.body.guestToken, name, email })
        : undefined;
      const chatToken = newChatToken();
      const created = await app.db.transaction().execute((trx) =>
        createParticipant(trx, {
          liveId,
          name,
          email,
          clientId: request.body.clientId ?? null,
          chatTokenHash: hashChatToken(chatToken),
        }),
      );
      if (created) return guest ? { chatToken, guest } : { chatToken };
      // The e-mail is registered for this class already. Taking that registration needs proof that
      // the address is this browser's (docs/classroom.md "Registering an e-mail again"): without it
      // nothing of the registration changes (no rename, no token, no viewer ID).
      const participant = await findParticipant(app.db, liveId, email);
      if (!participant) throw new ApiError(404, 'classroomNotFound');
      // A guest link admits the guest to the studio; it proves nothing about the e-mail.
      if (guest) return { guest };
      if (request.body.code === undefined) {
        await sendEmailCode(app, request, participant, live.nome);
        return reply.code(202).send({ codeSent: true as const, expiresInMinutes: EMAIL_CODE.ttlMinutes });
      }
      await checkEmailCode(app, participant.id, request.body.code);
      await addProvenToken(app.db, {
        participantId: participant.id,
        name,
        chatTokenHash: hashChatToken(chatToken),
      });
      return { chatToken };
    },
  );
};

export default classroomInfoRoutes;
