import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * An authorisation in progress is bound to the browser and the Palco session that started it
 * (docs/integrations.md "The popup's binding"): the hash of the nonce held in that browser's
 * HttpOnly cookie, the session's id and the user's token version (a sign-out
 * since then ends it); and, where the provider speaks OpenID Connect, the `nonce`
 * its id_token must carry. States in flight when this runs have none and are refused.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('oauth_states')
    .addColumn('browser_hash', 'text')
    .addColumn('session_id', 'uuid')
    .addColumn('token_version', 'integer')
    .addColumn('oidc_nonce', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('oauth_states')
    .dropColumn('browser_hash')
    .dropColumn('session_id')
    .dropColumn('token_version')
    .dropColumn('oidc_nonce')
    .execute();
}
