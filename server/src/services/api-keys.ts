import { createHmac, type KeyObject, randomBytes } from 'node:crypto';
import type { ApiKeyRow } from '../db/tables/api-keys.ts';
import { derivedHmacKey } from '../lib/hmac-key.ts';
import type { AuthContext } from './session.ts';

/** Every key starts with this, so a bearer value is told from a session token (a JWT starts `eyJ`). */
export const API_KEY_PREFIX = 'palco_live_';
/** Characters of the random part shown in lists after the prefix. */
const VISIBLE = 8;
/** Longest bearer value read as a key (prefix + 43 base64url characters of 32 bytes). */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;

/**
 * The pepper keys are hashed with, derived from the server's signing secret: the secret has 256 bits
 * of entropy, so one fast keyed hash is enough (a slow password hash would only slow every call), and
 * a copy of the database alone cannot check guesses.
 */
export function keyPepper(signingKey: Uint8Array): KeyObject {
  return derivedHmacKey(signingKey, 'palco api keys v1');
}

export function hashApiKey(pepper: KeyObject, secret: string): string {
  return createHmac('sha256', pepper).update(secret).digest('hex');
}

export function isApiKeyShaped(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length === API_KEY_LENGTH;
}

export function generateApiKey(pepper: KeyObject): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    prefix: secret.slice(0, API_KEY_PREFIX.length + VISIBLE),
    hash: hashApiKey(pepper, secret),
  };
}

/**
 * The creator's context narrowed to the key: only the key's team, with the creator's *current* role
 * there intersected with the key's scope (a permission the creator loses, the key loses too). A key
 * has no staff reach into other teams and no user-management flag. Null when the creator is no longer
 * in that team.
 */
export function scopeToKey(
  auth: AuthContext,
  key: Pick<ApiKeyRow, 'id' | 'account_id' | 'name' | 'prefix' | 'permissions'>,
): AuthContext | null {
  const membership = auth.memberships.find((m) => m.accountId === key.account_id);
  if (!membership) return null;
  const permissions = membership.permissions.filter((p) => key.permissions.includes(p));
  return {
    user: { ...auth.user, can_manage_teams_users: false },
    session: { id: key.id, selectedAccountId: key.account_id },
    memberships: [{ ...membership, permissions }],
    isStaff: false,
    apiKey: { id: key.id, name: key.name, prefix: key.prefix },
  };
}

/** Writes `last_used_at` at most once a minute per key and instance: a call pays no write. */
export class LastUse {
  private readonly written = new Map<string, number>();
  constructor(private readonly everyMs = 60_000) {}

  due(id: string, now = Date.now()): boolean {
    const last = this.written.get(id);
    if (last !== undefined && now - last < this.everyMs) return false;
    if (this.written.size > 10_000) this.written.clear();
    this.written.set(id, now);
    return true;
  }
}
