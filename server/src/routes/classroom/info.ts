import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findClassroomLive, upsertParticipant } from '../../db/repositories/classroom.ts';
import { errors, Nullable, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { imageUrl } from '../streams/view.ts';
import { attendee, hashChatToken, newChatToken } from './validate.ts';

const ClassroomInfo = Type.Object({
  liveId: Type.String(),
  title: Type.String(),
  status: Type.String(),
  schedule_date: Type.String({ description: 'ISO date and time the class is scheduled for' }),
  description: Nullable(Type.String()),
  schedule_image: Nullable(Type.String({ description: 'The stream thumbnail' })),
  background: Nullable(Type.String({ description: 'The studio background' })),
  background_login: Nullable(Type.String({ description: 'The waiting banner, behind the registration' })),
  speakers: Type.Array(
    Type.Object({ name: Type.String(), role: Nullable(Type.String()), photo: Nullable(Type.String()) }),
  ),
});

/** Public: what the classroom pages show, and the attendee registration (docs/classroom.md). */
const classroomInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/classroom/:liveId',
    {
      config: { permission: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['classroom'],
        summary: 'A class: title, date, description, images and speakers (public)',
        params: Type.Object({ liveId: Uuid }),
        response: { 200: ClassroomInfo, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const liveId = request.params.liveId.toLowerCase();
      const live = await findClassroomLive(app.db, liveId);
      if (!live) throw new ApiError(404, 'classroomNotFound');
      const url = (kind: 'thumbnail' | 'studioBackground' | 'startSoonScreen') =>
        imageUrl(live.account_id, live.id, kind, live.banners[kind]);
      reply.header('cache-control', 'public, max-age=30');
      return {
        liveId: live.id,
        title: live.nome,
        status: live.status,
        schedule_date: live.scheduled_start_time.toISOString(),
        // The classroom's own public text: the stream's `descricao` is the team's internal note.
        description: live.classroom_description,
        schedule_image: url('thumbnail'),
        background: url('studioBackground'),
        background_login: url('startSoonScreen'),
        // No speakers list is kept yet: the page hides the carousel when it is empty.
        speakers: [],
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
          'Register an attendee of a class (public; registering again updates the name); answers the chat token',
        body: Type.Object(
          {
            name: Type.String({ maxLength: 200 }),
            email: Type.String({ maxLength: 254 }),
            liveId: Uuid,
            clientId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            chatToken: Type.String({
              description: "The registration's token: the chat takes messages with it (docs/classroom.md)",
            }),
          }),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request) => {
      const { name, email } = attendee(request.body);
      const liveId = request.body.liveId.toLowerCase();
      if (!(await findClassroomLive(app.db, liveId))) throw new ApiError(404, 'classroomNotFound');
      const chatToken = newChatToken();
      await upsertParticipant(app.db, {
        liveId,
        name,
        email,
        clientId: request.body.clientId ?? null,
        chatTokenHash: hashChatToken(chatToken),
      });
      return { chatToken };
    },
  );
};

export default classroomInfoRoutes;
