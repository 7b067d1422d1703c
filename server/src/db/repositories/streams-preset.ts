import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { StreamSettings } from '../tables/streams.ts';

/** The account's stored general settings, or undefined when it never saved any. */
export async function findPreset(
  db: Executor,
  accountId: string,
): Promise<{ settings: StreamSettings; updatedAt: Date } | undefined> {
  const row = await db
    .selectFrom('live_stream_presets')
    .select(['settings', 'updated_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? { settings: row.settings, updatedAt: row.updated_at } : undefined;
}

export async function savePreset(
  db: Executor,
  accountId: string,
  settings: StreamSettings,
): Promise<{ settings: StreamSettings; updatedAt: Date }> {
  const json = JSON.stringify(settings);
  const row = await db
    .insertInto('live_stream_presets')
    .values({ account_id: accountId, settings: json })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ settings: json, updated_at: sql<Date>`now()` }))
    .returning(['settings', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { settings: row.settings, updatedAt: row.updated_at };
}
