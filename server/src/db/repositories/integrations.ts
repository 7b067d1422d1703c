import { sql } from 'kysely';
import type { Executor } from '../schema.ts';
import type {
  ImportStatus,
  IntegrationConnectionRow,
  IntegrationImportRow,
  IntegrationProvider,
  OAuthStateRow,
} from '../tables/integrations.ts';

// ---- OAuth states -----------------------------------------------------------------------------

export async function insertOAuthState(
  db: Executor,
  values: {
    stateHash: string;
    accountId: string;
    userId: string;
    provider: IntegrationProvider;
    codeVerifier: string;
    lang: string;
    browserHash: string;
    sessionId: string | null;
    tokenVersion: number;
    oidcNonce: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: values.stateHash,
      account_id: values.accountId,
      user_id: values.userId,
      provider: values.provider,
      code_verifier: values.codeVerifier,
      lang: values.lang,
      browser_hash: values.browserHash,
      session_id: values.sessionId,
      token_version: values.tokenVersion,
      oidc_nonce: values.oidcNonce,
      expires_at: sql<Date>`now() + make_interval(secs => ${values.ttlSeconds})`,
      used_at: null,
    })
    .execute();
  // Old states are of no use to anyone: dropped as new ones come.
  await db.deleteFrom('oauth_states').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** A state that can still be used (unexpired, unused), without using it. */
export async function findLiveOAuthState(
  db: Executor,
  stateHash: string,
): Promise<OAuthStateRow | undefined> {
  return db
    .selectFrom('oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Uses a state: atomically, so that of two callbacks with the same state only one gets it. */
export async function consumeOAuthState(db: Executor, stateHash: string): Promise<OAuthStateRow | undefined> {
  return db
    .updateTable('oauth_states')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

// ---- Connections -------------------------------------------------------------------------------

export interface ConnectionTokens {
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  tokenExpiresAt: Date | null;
  scopes: string;
}

/**
 * The team's connection to that provider account, created or (re-authorised) given its new tokens:
 * no longer deauthorized; its switches and folder are kept.
 */
export async function upsertConnection(
  db: Executor,
  values: ConnectionTokens & {
    accountId: string;
    provider: IntegrationProvider;
    externalAccountId: string;
    label: string | null;
    secretEnc?: string | null;
    data?: Record<string, unknown>;
    createdBy: string | null;
  },
): Promise<{ row: IntegrationConnectionRow; created: boolean }> {
  const row = await db
    .insertInto('integration_connections')
    .values({
      account_id: values.accountId,
      provider: values.provider,
      external_account_id: values.externalAccountId,
      label: values.label,
      access_token_enc: values.accessTokenEnc,
      refresh_token_enc: values.refreshTokenEnc,
      secret_enc: values.secretEnc ?? null,
      token_expires_at: values.tokenExpiresAt,
      scopes: values.scopes,
      folder_id: null,
      data: JSON.stringify(values.data ?? {}),
      last_polled_at: null,
      last_error: null,
      created_by: values.createdBy,
    })
    .onConflict((oc) =>
      oc.constraint('integration_connections_account_provider_external').doUpdateSet((eb) => ({
        label: eb.ref('excluded.label'),
        access_token_enc: eb.ref('excluded.access_token_enc'),
        refresh_token_enc: eb.ref('excluded.refresh_token_enc'),
        secret_enc: eb.ref('excluded.secret_enc'),
        token_expires_at: eb.ref('excluded.token_expires_at'),
        scopes: eb.ref('excluded.scopes'),
        data: eb.ref('excluded.data'),
        deauthorized: false,
        last_error: null,
        updated_at: sql<Date>`now()`,
      })),
    )
    .returningAll()
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  const { inserted, ...rest } = row as IntegrationConnectionRow & { inserted: boolean };
  return { row: rest, created: inserted };
}

export async function findConnection(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<IntegrationConnectionRow | undefined> {
  let query = db.selectFrom('integration_connections').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The team's connections of one card, oldest first. */
export async function listConnections(
  db: Executor,
  accountId: string,
  provider: IntegrationProvider,
): Promise<IntegrationConnectionRow[]> {
  return db
    .selectFrom('integration_connections')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findTeamConnection(
  db: Executor,
  accountId: string,
  provider: IntegrationProvider,
  externalAccountId: string,
): Promise<IntegrationConnectionRow | undefined> {
  return db
    .selectFrom('integration_connections')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .where('external_account_id', '=', externalAccountId)
    .executeTakeFirst();
}

/** Every team's connection to that provider account (a deauthorization concerns them all). */
export async function connectionsOfExternal(
  db: Executor,
  providers: readonly IntegrationProvider[],
  externalAccountId: string,
): Promise<IntegrationConnectionRow[]> {
  return db
    .selectFrom('integration_connections')
    .selectAll()
    .where('provider', 'in', providers)
    .where('external_account_id', '=', externalAccountId)
    .execute();
}

export type ConnectionChanges = Partial<
  Pick<
    IntegrationConnectionRow,
    | 'access_token_enc'
    | 'refresh_token_enc'
    | 'token_expires_at'
    | 'active_import'
    | 'deauthorized'
    | 'enabled'
    | 'folder_id'
    | 'last_polled_at'
    | 'last_error'
    | 'label'
  >
>;

export async function updateConnection(db: Executor, id: string, changes: ConnectionChanges): Promise<void> {
  await db
    .updateTable('integration_connections')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteConnection(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('integration_connections').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Imported items ------------------------------------------------------------------------------

/** Records an item found at the provider; undefined when the team has it already (it is imported once). */
export async function insertImport(
  db: Executor,
  values: {
    accountId: string;
    connectionId: string;
    source: string;
    externalId: string;
    title: string;
    data: Record<string, unknown>;
  },
): Promise<string | undefined> {
  const row = await db
    .insertInto('integration_imports')
    .values({
      account_id: values.accountId,
      connection_id: values.connectionId,
      source: values.source,
      external_id: values.externalId,
      title: values.title,
      video_id: null,
      data: JSON.stringify(values.data),
      error: null,
    })
    .onConflict((oc) => oc.constraint('integration_imports_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findImport(db: Executor, id: string): Promise<IntegrationImportRow | undefined> {
  return db.selectFrom('integration_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateImport(
  db: Executor,
  id: string,
  changes: Partial<Pick<IntegrationImportRow, 'status' | 'video_id' | 'error' | 'attempts'>>,
): Promise<void> {
  await db
    .updateTable('integration_imports')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function listImports(db: Executor, connectionId: string): Promise<IntegrationImportRow[]> {
  return db
    .selectFrom('integration_imports')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .orderBy('created_at')
    .execute();
}

export interface ImportCounts {
  pending: number;
  imported: number;
  failed: number;
  /** The latest failure's message key. */
  lastError: string | null;
}

/** What the imports of these connections have done, per connection. */
export async function importCounts(
  db: Executor,
  connectionIds: readonly string[],
): Promise<Map<string, ImportCounts>> {
  const out = new Map<string, ImportCounts>();
  if (connectionIds.length === 0) return out;
  const rows = await db
    .selectFrom('integration_imports')
    .select(['connection_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('connection_id', 'in', connectionIds)
    .groupBy(['connection_id', 'status'])
    .execute();
  const errors = await db
    .selectFrom('integration_imports')
    .select(['connection_id', 'error'])
    .distinctOn('connection_id')
    .where('connection_id', 'in', connectionIds)
    .where('status', '=', 'failed')
    .orderBy('connection_id')
    .orderBy('updated_at', 'desc')
    .execute();
  for (const id of connectionIds) out.set(id, { pending: 0, imported: 0, failed: 0, lastError: null });
  for (const row of rows) {
    const counts = out.get(row.connection_id ?? '');
    if (!counts) continue;
    const n = Number(row.n);
    const status = row.status as ImportStatus;
    if (status === 'imported') counts.imported += n;
    else if (status === 'failed') counts.failed += n;
    else counts.pending += n;
  }
  for (const row of errors) {
    const counts = out.get(row.connection_id ?? '');
    if (counts) counts.lastError = row.error;
  }
  return out;
}

export async function folderName(db: Executor, folderId: string | null): Promise<string | null> {
  if (!folderId) return null;
  const row = await db.selectFrom('directories').select('name').where('id', '=', folderId).executeTakeFirst();
  return row?.name ?? null;
}

/**
 * Saves rotated tokens only if the refresh token is still the one they were obtained with: two
 * refreshes racing cannot overwrite each other's rotation. False: someone rotated (or removed) it.
 */
export async function rotateTokens(
  db: Executor,
  id: string,
  previousRefreshEnc: string,
  tokens: { access_token_enc: string; refresh_token_enc: string; token_expires_at: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable('integration_connections')
    .set({ ...tokens, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('refresh_token_enc', '=', previousRefreshEnc)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
