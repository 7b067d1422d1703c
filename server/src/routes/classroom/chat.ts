import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  findClassroomLive,
  insertMessage,
  messagesAfter,
  participantByChatToken,
  recentSends,
} from '../../db/repositories/classroom.ts';
import type { ClassroomMessageRow } from '../../db/tables/classroom.ts';
import { errors, Nullable, Uuid } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashChatToken } from './validate.ts';

export const MAX_MESSAGE = 500;
/** Messages one attendee may send per window, and one address (every class together). */
export const CHAT_RATE = { windowSeconds: 10, perAttendee: 5, perAddress: 30 };
/** How long a reader's GET waits for a new message before answering an empty list. */
const WAIT_MS = 25_000;
/** Readers one instance keeps waiting at once; past it, a GET answers at once (the page polls). */
const MAX_WAITING = 5_000;
const PAGE = 50;

export const Message = Type.Object({
  id: Type.String(),
  author: Type.String(),
  text: Type.String(),
  at: Type.String(),
  host: Type.Boolean({ description: "Sent by the live's host from the studio, not by an attendee" }),
});
const Params = Type.Object({ liveId: Uuid });

export const messageView = (m: ClassroomMessageRow) => ({
  id: String(m.id),
  author: m.author,
  text: m.text,
  at: m.created_at.toISOString(),
  host: m.host,
});

/** Plain text only: control characters (but line breaks) go, runs of blank lines shrink. The page shows
 * it as text, never as HTML. */
export function cleanText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * The classroom chat (docs/classroom.md "Chat"): messages are rows, so every instance reads the same
 * list; a new one raises `classroom.chat` on the event bus, which wakes the readers waiting on any
 * instance (a GET with `wait=true` is a long poll).
 */
const classroomChatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let waiting = 0;

  app.get(
    '/v1/public/classroom/:liveId/chat',
    {
      config: { permission: 'public', rateLimit: { max: 240, timeWindow: 60_000 } },
      schema: {
        tags: ['classroom'],
        summary:
          "A class's chat messages after `after` (the newest 50 without it); `wait=true` waits ≤ 25 s for one",
        params: Params,
        querystring: Type.Object({
          after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
          wait: Type.Optional(Type.Boolean()),
        }),
        response: {
          200: Type.Object({ messages: Type.Array(Message), last: Nullable(Type.String()) }),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request) => {
      const liveId = request.params.liveId.toLowerCase();
      const after = request.query.after ?? null;
      const live = await findClassroomLive(app.db, liveId);
      if (!live) throw new ApiError(404, 'classroomNotFound');
      let rows = await messagesAfter(app.db, liveId, after, PAGE);
      if (rows.length === 0 && after !== null && request.query.wait && waiting < MAX_WAITING) {
        waiting += 1;
        let wake = () => {};
        const woken = new Promise<void>((resolve) => {
          wake = resolve;
        });
        const sub = await app.events.subscribe(live.account_id, (event) => {
          if (event.evento === 'classroom.chat' && event.liveId === liveId) wake();
        });
        const timer = setTimeout(wake, WAIT_MS);
        request.raw.once('close', wake);
        try {
          // Asked again once subscribed: a message sent between the first read and the subscription counts.
          rows = await messagesAfter(app.db, liveId, after, PAGE);
          if (rows.length === 0) {
            await woken;
            rows = await messagesAfter(app.db, liveId, after, PAGE);
          }
        } finally {
          waiting -= 1;
          clearTimeout(timer);
          sub.unsubscribe();
          request.raw.off('close', wake);
        }
      }
      const messages = rows.map(messageView);
      return { messages, last: messages.at(-1)?.id ?? after };
    },
  );

  app.post(
    '/v1/public/classroom/:liveId/chat',
    {
      config: { permission: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['classroom'],
        summary: 'Send a chat message as the registered attendee (plain text, ≤ 500 characters)',
        description:
          '`token`: the chatToken the registration answered (POST /v1/studio/lives/participantes) for this ' +
          'live; the author is the name registered with it. A forged or another live’s token → 401.',
        params: Params,
        body: Type.Object(
          {
            token: Type.String({ maxLength: 100 }),
            text: Type.String({ maxLength: 2000 }),
          },
          { additionalProperties: false },
        ),
        response: { 201: Message, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const liveId = request.params.liveId.toLowerCase();
      // The author is the registration the token was issued to: nobody posts as another attendee.
      const registered = await participantByChatToken(app.db, liveId, hashChatToken(request.body.token));
      if (!registered) throw new ApiError(401, 'classroomChatRegistration');
      const { name, email } = registered;
      const text = cleanText(request.body.text);
      if (!text) throw new ApiError(400, 'required', { field: 'text' });
      if ([...text].length > MAX_MESSAGE)
        throw new ApiError(400, 'maxLength', { field: 'text', params: { max: MAX_MESSAGE } });
      const live = await findClassroomLive(app.db, liveId);
      if (!live) throw new ApiError(404, 'classroomNotFound');
      const ip = request.ip ?? null;
      const sent = await recentSends(app.db, liveId, email, ip, CHAT_RATE.windowSeconds);
      if (sent.byAttendee >= CHAT_RATE.perAttendee || sent.byAddress >= CHAT_RATE.perAddress)
        throw new ApiError(429, 'chatTooFast', {
          params: { seconds: CHAT_RATE.windowSeconds },
          headers: { 'retry-after': String(CHAT_RATE.windowSeconds) },
        });
      const row = await insertMessage(app.db, { liveId, author: name, email, ip, text });
      await app.events.publish(live.account_id, 'classroom.chat', { liveId, id: String(row.id) });
      return reply.code(201).send(messageView(row));
    },
  );
};

export default classroomChatRoutes;
