import type { Executor } from '../schema.ts';
import type { LogRecordItem } from '../tables/activity-logs.ts';

export interface ActivityEntry {
  /** The team the action happened in (null for actions outside any team, e.g. a failed login). */
  accountId: string | null;
  event: string;
  identifier: string;
  record: LogRecordItem[];
  actor: { id: string | null; name: string | null; email: string | null; avatar: string | null } | null;
  ip: string | null;
  userAgent: string | null;
}

/** Writes one log entry. Call it with the transaction that makes the change, so both land or neither. */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values((eb) => ({
      account_id: entry.accountId,
      client_id: entry.accountId
        ? eb.selectFrom('accounts').select('client_id').where('id', '=', entry.accountId)
        : null,
      event: entry.event,
      identifier: entry.identifier,
      record: JSON.stringify(entry.record) as unknown as LogRecordItem[],
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.name ?? null,
      actor_email: entry.actor?.email ?? null,
      actor_avatar: entry.actor?.avatar ?? null,
      ip: entry.ip,
      user_agent: entry.userAgent?.slice(0, 512) ?? null,
    }))
    .execute();
}
