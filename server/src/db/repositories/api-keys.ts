import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type { ApiKeyRow } from '../tables/api-keys.ts';
import type { UserRow } from '../tables/users.ts';

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  createdBy: { id: string; name: string };
}

export async function createApiKey(
  db: Executor,
  key: Pick<
    ApiKeyRow,
    'account_id' | 'user_id' | 'name' | 'prefix' | 'secret_hash' | 'permissions' | 'expires_at'
  >,
): Promise<string> {
  const row = await db.insertInto('api_keys').values(key).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The team's keys that are not revoked, newest first (expired ones too: the list says so). */
export async function listApiKeys(db: Executor, accountId: string, id?: string): Promise<ApiKeyView[]> {
  let query = db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .where('k.account_id', '=', accountId)
    .where('k.revoked_at', 'is', null)
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.permissions',
      'k.created_at as createdAt',
      'k.expires_at as expiresAt',
      'k.last_used_at as lastUsedAt',
      'u.id as creatorId',
      'u.name as creatorName',
    ])
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id');
  if (id) query = query.where('k.id', '=', id);
  const rows = await query.execute();
  return rows.map(({ creatorId, creatorName, ...key }) => ({
    ...key,
    createdBy: { id: creatorId, name: creatorName },
  }));
}

/** Revokes an open key of the team; false when there is none with that id. */
export async function revokeApiKey(
  db: Executor,
  accountId: string,
  id: string,
): Promise<ApiKeyView | undefined> {
  const [key] = await listApiKeys(db, accountId, id);
  if (!key) return undefined;
  await db.updateTable('api_keys').set({ revoked_at: sql<Date>`now()` }).where('id', '=', id).execute();
  return key;
}

/** A request's key and its creator in one round trip (every call made with a key asks). */
export async function findApiKeyBySecretHash(
  db: Executor,
  secretHash: string,
): Promise<{ key: ApiKeyRow & { expired: boolean }; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('u')
    .select([
      'k.id as key_id',
      'k.account_id as key_account_id',
      'k.name as key_name',
      'k.prefix as key_prefix',
      'k.secret_hash as key_secret_hash',
      'k.permissions as key_permissions',
      'k.created_at as key_created_at',
      'k.expires_at as key_expires_at',
      'k.last_used_at as key_last_used_at',
      'k.revoked_at as key_revoked_at',
      sql<boolean>`k.expires_at <= now()`.as('key_expired'),
    ])
    .where('k.secret_hash', '=', secretHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    key_id,
    key_account_id,
    key_name,
    key_prefix,
    key_secret_hash,
    key_permissions,
    key_created_at,
    key_expires_at,
    key_last_used_at,
    key_revoked_at,
    key_expired,
    ...user
  } = row;
  return {
    user,
    key: {
      id: key_id,
      account_id: key_account_id,
      user_id: user.id,
      name: key_name,
      prefix: key_prefix,
      secret_hash: key_secret_hash,
      permissions: key_permissions,
      created_at: key_created_at,
      expires_at: key_expires_at,
      last_used_at: key_last_used_at,
      revoked_at: key_revoked_at,
      expired: key_expired,
    },
  };
}

export async function touchApiKey(db: Executor, id: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/**
 * Revokes every open key a user created, in every team, with the endpoints registered through them: a
 * password change, a recovery or "sign out every other session" ends what the old credentials made
 * (docs/api-keys.md). Answers the keys revoked, for the activity log.
 */
export async function revokeKeysOfUser(
  db: Executor,
  userId: string,
): Promise<Array<{ id: string; accountId: string; name: string; prefix: string }>> {
  const keys = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'account_id as accountId', 'name', 'prefix'])
    .execute();
  if (keys.length > 0)
    await db
      .deleteFrom('webhooks')
      .where(
        'api_key_id',
        'in',
        keys.map((k) => k.id),
      )
      .execute();
  return keys;
}
