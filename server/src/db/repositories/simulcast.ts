import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { IntegrationConnectionRow } from '../tables/integrations.ts';
import type { SimulcastProvider, SimulcastSessionRow } from '../tables/simulcast.ts';

/** What a session's update may change. */
export type SessionChanges = Partial<
  Omit<SimulcastSessionRow, 'id' | 'account_id' | 'stream_id' | 'provider' | 'created_at' | 'updated_at'>
>;

/*
 * Simulcast sessions (integrations/simulcast.ts). Found by stream across accounts only by the
 * background work, which holds ids the ingest gave out; the routes always filter by account.
 */

/** The team's connections that simulcast its lives: YouTube or Facebook, switched on, authorised. */
export async function simulcastConnections(
  db: Executor,
  accountId: string,
): Promise<IntegrationConnectionRow[]> {
  return db
    .selectFrom('integration_connections')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('provider', 'in', ['youtube', 'facebook'])
    .where('enabled', '=', true)
    .where('deauthorized', '=', false)
    .execute();
}

/** The session of a live on a connection, made when missing. */
export async function sessionFor(
  db: Executor,
  values: { accountId: string; streamId: string; connectionId: string; provider: SimulcastProvider },
): Promise<SimulcastSessionRow> {
  await db
    .insertInto('simulcast_sessions')
    .values({
      account_id: values.accountId,
      stream_id: values.streamId,
      connection_id: values.connectionId,
      provider: values.provider,
    })
    .onConflict((oc) => oc.columns(['stream_id', 'connection_id']).doNothing())
    .execute();
  return db
    .selectFrom('simulcast_sessions')
    .selectAll()
    .where('stream_id', '=', values.streamId)
    .where('connection_id', '=', values.connectionId)
    .executeTakeFirstOrThrow();
}

export async function updateSession(db: Executor, id: string, patch: SessionChanges): Promise<void> {
  await db
    .updateTable('simulcast_sessions')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Ends a session once (the guarded update lets one instance finish it); null when already ended. */
export async function claimEnd(db: Executor, id: string): Promise<SimulcastSessionRow | undefined> {
  return db
    .updateTable('simulcast_sessions')
    .set({ state: 'ended', ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', '<>', 'ended')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Open sessions that must end: their live is no longer on air, or their connection was undone,
 * switched off or deauthorized.
 */
export async function sessionsToEnd(db: Executor): Promise<SimulcastSessionRow[]> {
  return db
    .selectFrom('simulcast_sessions as s')
    .innerJoin('live_streams as l', 'l.id', 's.stream_id')
    .leftJoin('integration_connections as c', 'c.id', 's.connection_id')
    .selectAll('s')
    .where('s.state', '<>', 'ended')
    .where((eb) =>
      eb.or([
        eb('l.status', 'not in', ['live', 'paused']),
        eb('c.id', 'is', null),
        eb('c.enabled', '=', false),
        eb('c.deauthorized', '=', true),
      ]),
    )
    .execute();
}

/** A live's sessions, newest first, with their channel's or Page's name (the live's panel). */
export async function sessionsOfStream(
  db: Executor,
  accountId: string,
  streamId: string,
): Promise<(SimulcastSessionRow & { label: string | null })[]> {
  return db
    .selectFrom('simulcast_sessions as s')
    .leftJoin('integration_connections as c', 'c.id', 's.connection_id')
    .selectAll('s')
    .select('c.label')
    .where('s.account_id', '=', accountId)
    .where('s.stream_id', '=', streamId)
    .orderBy('s.created_at', 'desc')
    .execute();
}

export async function connectionById(
  db: Executor,
  id: string,
): Promise<IntegrationConnectionRow | undefined> {
  return db.selectFrom('integration_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Of these sessions, the ones not ended. */
export async function openSessionIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('simulcast_sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('state', '<>', 'ended')
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function sessionState(
  db: Executor,
  id: string,
): Promise<SimulcastSessionRow['state'] | undefined> {
  const row = await db
    .selectFrom('simulcast_sessions')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.state;
}

/** The live's name (the broadcast's title). */
export async function streamName(db: Executor, streamId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('live_streams')
    .select('nome')
    .where('id', '=', streamId)
    .executeTakeFirst();
  return row?.nome;
}
