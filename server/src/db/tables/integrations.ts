import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Which card a connection belongs to. Zoom's single and multi-account cards are separate connections
 * of the same Zoom app; YouTube and Google Meet are separate grants of the same Google client.
 */
export type IntegrationProvider = 'zoom' | 'zoom-multi' | 'google-meet' | 'youtube' | 'facebook' | 'tencent';

type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

/** A team's connection to a provider account (docs/integrations.md). Secrets are sealed (seal.ts). */
export interface IntegrationConnectionsTable {
  id: Generated<string>;
  account_id: string;
  provider: IntegrationProvider;
  /** The provider's id of the connected account (Zoom account id, Google subject, Page id, secretId). */
  external_account_id: string;
  /** For the card: e-mail, channel or Page name. Never a secret. */
  label: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  /** Any other secret the provider needs (Tencent's secretKey). */
  secret_enc: string | null;
  token_expires_at: Date | null;
  /** Space separated, as granted. */
  scopes: Generated<string>;
  active_import: Generated<boolean>;
  deauthorized: Generated<boolean>;
  /** YouTube / Facebook: simulcast the team's lives. */
  enabled: Generated<boolean>;
  /** The library folder its imports go to. */
  folder_id: string | null;
  /** Provider details that are not secret (channel, Page, ...). */
  data: Json;
  last_polled_at: Date | null;
  /** Why the last look for new items failed (a message key of i18n-integrations.ts). */
  last_error: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An authorisation in progress: single use, short-lived, bound to the user, the team and the card. */
export interface OAuthStatesTable {
  id: Generated<string>;
  /** SHA-256 of the `state` sent to the provider (the value itself is never stored). */
  state_hash: string;
  account_id: string;
  user_id: string;
  provider: IntegrationProvider;
  /** PKCE code verifier (RFC 7636): useless without the code the provider gives the popup. */
  code_verifier: string;
  /** The language of the page the popup ends on. */
  lang: Generated<string>;
  /** SHA-256 of the nonce in the starting browser's HttpOnly cookie (docs/integrations.md). */
  browser_hash: string | null;
  /** The Palco session (login) that started it: the callback needs it still signed in. */
  session_id: string | null;
  /** The user's token version then: a sign-out everywhere (or a new password) since ends the flow. */
  token_version: number | null;
  /** OpenID Connect `nonce` sent in the authorization request; the id_token must carry it. */
  oidc_nonce: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export const IMPORT_STATUSES = ['queued', 'downloading', 'imported', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One provider item found for a team: imported at most once (unique team + source + external id). */
export interface IntegrationImportsTable {
  id: Generated<string>;
  account_id: string;
  connection_id: string | null;
  /** The provider the item comes from: `zoom` for both Zoom cards. */
  source: string;
  external_id: string;
  title: string;
  status: Generated<ImportStatus>;
  video_id: string | null;
  /** What the download needs that is not secret (a file id, a download URL without its token). */
  data: Json;
  attempts: Generated<number>;
  /** A message key of i18n-integrations.ts. */
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type IntegrationConnectionRow = Selectable<IntegrationConnectionsTable>;
export type OAuthStateRow = Selectable<OAuthStatesTable>;
export type IntegrationImportRow = Selectable<IntegrationImportsTable>;
