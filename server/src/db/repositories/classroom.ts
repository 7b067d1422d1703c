import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { ClassroomMessageRow } from '../tables/classroom.ts';

/** Proven chat tokens kept per registration (a browser each): the oldest go past this. The token of the
 * browser that first registered the e-mail is never pruned (docs/classroom.md "Registering an e-mail
 * again"): nothing another browser does makes it fail. */
const TOKENS_PER_PARTICIPANT = 10;

/** The registration of an e-mail (case-insensitive) for a class, if there is one. */
export async function findParticipant(
  db: Executor,
  liveId: string,
  email: string,
): Promise<{ id: string; name: string; email: string } | undefined> {
  return db
    .selectFrom('classroom_participants')
    .select(['id', 'name', 'email'])
    .where('live_id', '=', liveId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/**
 * Registers an e-mail for a class when it is not registered yet, with the first browser's chat token
 * (unproven). Answers false, changing nothing, when the e-mail is already registered: registering
 * again never renames a registration nor gives it a token without the mailed code.
 */
export async function createParticipant(
  db: Executor,
  p: { liveId: string; name: string; email: string; clientId: string | null; chatTokenHash: string },
): Promise<boolean> {
  const row = await db
    .insertInto('classroom_participants')
    .values({ live_id: p.liveId, name: p.name, email: p.email, client_id: p.clientId })
    .onConflict((oc) => oc.expression(sql`live_id, lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .insertInto('classroom_chat_tokens')
    .values({ token_hash: p.chatTokenHash, participant_id: row.id, name: p.name, proven: false })
    .execute();
  return true;
}

/** Gives a browser that proved the e-mail a token of the registration, under the name it registered. */
export async function addProvenToken(
  db: Executor,
  p: { participantId: string; name: string; chatTokenHash: string },
): Promise<void> {
  await db
    .insertInto('classroom_chat_tokens')
    .values({ token_hash: p.chatTokenHash, participant_id: p.participantId, name: p.name, proven: true })
    .execute();
  await db
    .deleteFrom('classroom_chat_tokens')
    .where('participant_id', '=', p.participantId)
    .where('proven', '=', true)
    .where(
      'token_hash',
      'not in',
      db
        .selectFrom('classroom_chat_tokens')
        .select('token_hash')
        .where('participant_id', '=', p.participantId)
        .where('proven', '=', true)
        .orderBy('created_at', 'desc')
        .limit(TOKENS_PER_PARTICIPANT),
    )
    .execute();
}

/** Codes mailed in the last `minutes` for one registration, and from one address (any class). */
export async function recentCodes(
  db: Executor,
  participantId: string,
  ip: string | null,
  minutes: number,
): Promise<{ byEmail: number; byAddress: number }> {
  const since = new Date(Date.now() - minutes * 60_000);
  const count = async (column: 'participant_id' | 'ip', value: string) =>
    Number(
      (
        await db
          .selectFrom('classroom_email_codes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(column, '=', value)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { byEmail: await count('participant_id', participantId), byAddress: ip ? await count('ip', ip) : 0 };
}

/** Locks a registration's row for the rest of the transaction: parallel code requests count in turn. */
export async function lockParticipant(db: Executor, participantId: string): Promise<void> {
  await db
    .selectFrom('classroom_participants')
    .select('id')
    .where('id', '=', participantId)
    .forUpdate()
    .execute();
}

/** Stores a newly mailed code; the codes mailed before it for that registration stop working. */
export async function createEmailCode(
  db: Executor,
  c: { participantId: string; codeHash: string; ip: string | null; ttlMinutes: number },
): Promise<void> {
  await db
    .updateTable('classroom_email_codes')
    .set({ used_at: new Date() })
    .where('participant_id', '=', c.participantId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('classroom_email_codes')
    .values({
      participant_id: c.participantId,
      code_hash: c.codeHash,
      ip: c.ip,
      expires_at: new Date(Date.now() + c.ttlMinutes * 60_000),
    })
    .execute();
}

/**
 * Counts one attempt at a registration's open code, atomically: answers its hash while it is unused,
 * unexpired and under `maxAttempts` attempts (this one included), else undefined.
 */
export async function attemptEmailCode(
  db: Executor,
  participantId: string,
  maxAttempts: number,
): Promise<{ id: string; codeHash: string } | undefined> {
  const row = await db
    .updateTable('classroom_email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('participant_id', '=', participantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', maxAttempts)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  return row ? { id: row.id, codeHash: row.code_hash } : undefined;
}

/** Marks a code used; false when another request used it first (a code admits one browser). */
export async function consumeEmailCode(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .updateTable('classroom_email_codes')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The attendee a chat token was issued to, for that live only: the name its browser registered, the
 * registration's e-mail, and whether that browser proved the e-mail. */
export async function participantByChatToken(
  db: Executor,
  liveId: string,
  tokenHash: string,
): Promise<{ name: string; email: string; proven: boolean } | undefined> {
  const row = await db
    .selectFrom('classroom_chat_tokens as t')
    .innerJoin('classroom_participants as p', 'p.id', 't.participant_id')
    .select(['t.name as tokenName', 'p.name', 'p.email', 't.proven'])
    .where('t.token_hash', '=', tokenHash)
    .where('p.live_id', '=', liveId)
    .executeTakeFirst();
  return row ? { name: row.tokenName ?? row.name, email: row.email, proven: row.proven } : undefined;
}

export async function insertMessage(
  db: Executor,
  m: { liveId: string; author: string; email: string; ip: string | null; text: string; host?: boolean },
): Promise<ClassroomMessageRow> {
  return db
    .insertInto('classroom_messages')
    .values({
      live_id: m.liveId,
      author: m.author,
      email: m.email,
      ip: m.ip,
      text: m.text,
      host: m.host ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The newest `limit` messages of a class after `after` (an id), oldest first. */
export async function messagesAfter(
  db: Executor,
  liveId: string,
  after: string | null,
  limit: number,
): Promise<ClassroomMessageRow[]> {
  let query = db.selectFrom('classroom_messages').selectAll().where('live_id', '=', liveId);
  if (after !== null) query = query.where('id', '>', after);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse();
}

/** Messages sent in the last `seconds` by one attendee of a class, and from one address (any class). */
export async function recentSends(
  db: Executor,
  liveId: string,
  email: string,
  ip: string | null,
  seconds: number,
): Promise<{ byAttendee: number; byAddress: number }> {
  const since = new Date(Date.now() - seconds * 1000);
  const count = async (filter: 'attendee' | 'address') => {
    let query = db
      .selectFrom('classroom_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>', since);
    query =
      filter === 'attendee'
        ? query.where('live_id', '=', liveId).where(sql`lower(email)`, '=', email.toLowerCase())
        : query.where('ip', '=', ip);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  return { byAttendee: await count('attendee'), byAddress: ip ? await count('address') : 0 };
}

/** The live a classroom shows, by id alone (the classroom is public: the id is the key). */
export async function findClassroomLive(db: Executor, liveId: string) {
  return db
    .selectFrom('live_streams')
    .select([
      'id',
      'account_id',
      'nome',
      'classroom_description',
      'scheduled_start_time',
      'status',
      'banners',
      'classroom_speakers',
      'classroom_agenda',
      'recording_video_id',
      'recording_status',
    ])
    .where('id', '=', liveId)
    .executeTakeFirst();
}
