/* The API keys page's answers as JSON on the wire (docs/api-keys.md): dates are ISO strings. The server's
 * TypeBox schemas (server/src/routes/api-keys) are checked equal to these, the console's structs
 * (src/features/api-keys/api) checked against them (src/features/api-keys/__tests__/contract.test.ts).
 * Plain types only: nothing here imports. */

/** A key (`GET /v1/api-keys`); never its secret. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string; // the visible start of the secret, e.g. palco_live_ab12cd34
  permissions: string[];
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  lastUsedAt: string | null;
  createdBy: { id: string; name: string };
}

/** `POST /v1/api-keys`: the new key with its secret, shown this once. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

/** One permission a new key of the user may hold (`GET /v1/api-keys/scopes`), described in the reader's
 * language. */
export interface KeyScope {
  permission: string;
  description: string;
}
