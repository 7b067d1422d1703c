import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { ClassroomMessageRow } from '../tables/classroom.ts';

/** Chat tokens kept per registration (a browser each): the oldest go past this. */
const TOKENS_PER_PARTICIPANT = 10;

/**
 * Registers an attendee of a class; registering again (same e-mail) keeps one row, with the new name.
 * Stores the hash of the registration's chat token (the caller made it and gives it to the attendee).
 */
export async function upsertParticipant(
  db: Executor,
  p: { liveId: string; name: string; email: string; clientId: string | null; chatTokenHash: string },
): Promise<void> {
  const row = await db
    .insertInto('classroom_participants')
    .values({ live_id: p.liveId, name: p.name, email: p.email, client_id: p.clientId })
    .onConflict((oc) =>
      oc
        .expression(sql`live_id, lower(email)`)
        .doUpdateSet({ name: p.name, client_id: p.clientId, updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('classroom_chat_tokens')
    .values({ token_hash: p.chatTokenHash, participant_id: row.id })
    .execute();
  await db
    .deleteFrom('classroom_chat_tokens')
    .where('participant_id', '=', row.id)
    .where(
      'token_hash',
      'not in',
      db
        .selectFrom('classroom_chat_tokens')
        .select('token_hash')
        .where('participant_id', '=', row.id)
        .orderBy('created_at', 'desc')
        .limit(TOKENS_PER_PARTICIPANT),
    )
    .execute();
}

/** The attendee a chat token was issued to, for that live only. */
export async function participantByChatToken(
  db: Executor,
  liveId: string,
  tokenHash: string,
): Promise<{ name: string; email: string } | undefined> {
  return db
    .selectFrom('classroom_chat_tokens as t')
    .innerJoin('classroom_participants as p', 'p.id', 't.participant_id')
    .select(['p.name', 'p.email'])
    .where('t.token_hash', '=', tokenHash)
    .where('p.live_id', '=', liveId)
    .executeTakeFirst();
}

export async function insertMessage(
  db: Executor,
  m: { liveId: string; author: string; email: string; ip: string | null; text: string },
): Promise<ClassroomMessageRow> {
  return db
    .insertInto('classroom_messages')
    .values({ live_id: m.liveId, author: m.author, email: m.email, ip: m.ip, text: m.text })
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
