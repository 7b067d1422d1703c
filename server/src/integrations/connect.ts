import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../db/repositories/activity-log.ts';
import {
  deleteConnection,
  findConnection,
  listConnections,
  updateConnection,
  upsertConnection,
} from '../db/repositories/integrations.ts';
import { findUserById } from '../db/repositories/users.ts';
import type {
  IntegrationConnectionRow,
  IntegrationProvider,
  OAuthStateRow,
} from '../db/tables/integrations.ts';
import { type ActivityActor, actorOf, toRecord } from '../lib/activity.ts';
import { ApiError } from '../lib/errors.ts';
import { holdsAny, loadAuthContext } from '../services/session.ts';
import { type OAuthClient, revokeToken, type TokenSet } from './oauth.ts';

/** Who the tokens of a grant belong to, as the provider says. */
export interface Identity {
  externalAccountId: string;
  label: string | null;
  data?: Record<string, unknown>;
}

export interface ConnectRules {
  /** A card that holds one account (not Zoom multi): authorising another replaces it. */
  single: boolean;
  /** Most accounts on the card (Zoom multi: 20). */
  max?: number;
  /** Cards with imports: import is on from the connection (the 'Playlist criada' dialog says so). */
  importOnConnect: boolean;
}

/**
 * The callback's user must still be allowed to integrate in the state's team (a removal or a role
 * change in the minutes the popup was open counts).
 */
export async function stateUser(
  app: FastifyInstance,
  state: OAuthStateRow,
): Promise<{ actor: ActivityActor } | null> {
  const user = await findUserById(app.db, state.user_id);
  if (!user) return null;
  const auth = await loadAuthContext(app.db, user, { id: '', selectedAccountId: state.account_id });
  if (!holdsAny(auth, state.account_id, ['palcoDeveloper', 'integrations', 'staff'])) return null;
  return { actor: actorOf(user) };
}

/**
 * Stores a grant: the team's connection to that provider account, created or given its new tokens
 * (sealed), its folder when the card imports, the activity entry — one transaction. Replaced
 * connections of a single-account card have their tokens revoked afterwards. Then the first look for
 * recordings is queued.
 */
export async function connectWithTokens(
  app: FastifyInstance,
  input: {
    state: OAuthStateRow;
    client: OAuthClient;
    tokens: TokenSet;
    identity: Identity;
    rules: ConnectRules;
    actor: ActivityActor;
  },
): Promise<IntegrationConnectionRow> {
  const { integrations } = app;
  const { state, tokens, identity, rules } = input;
  const provider = state.provider;
  const accountId = state.account_id;
  const seal = (value: string) => integrations.seal(accountId, provider, value);
  const { row, replaced } = await app.db.transaction().execute(async (trx) => {
    const existing = await listConnections(trx, accountId, provider);
    const others = existing.filter((c) => c.external_account_id !== identity.externalAccountId);
    if (rules.max !== undefined && !rules.single && others.length >= rules.max)
      throw new ApiError(409, 'integrationZoomLimit', { params: { max: rules.max } });
    const removed = rules.single ? others : [];
    for (const other of removed) await deleteConnection(trx, other.id);
    const saved = await upsertConnection(trx, {
      accountId,
      provider,
      externalAccountId: identity.externalAccountId,
      label: identity.label,
      accessTokenEnc: seal(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? seal(tokens.refreshToken) : null,
      tokenExpiresAt: tokens.expiresIn === null ? null : new Date(Date.now() + tokens.expiresIn * 1000),
      scopes: tokens.scope ?? input.client.scopes.join(' '),
      ...(identity.data ? { data: identity.data } : {}),
      createdBy: state.user_id,
    });
    // A re-authorisation without a new refresh token keeps the one it had (Google sends it once).
    if (!tokens.refreshToken && !saved.created) {
      const before = existing.find((c) => c.id === saved.row.id);
      if (before?.refresh_token_enc)
        await updateConnection(trx, saved.row.id, { refresh_token_enc: before.refresh_token_enc });
    }
    if (rules.importOnConnect && saved.created)
      await updateConnection(trx, saved.row.id, { active_import: true });
    if (rules.importOnConnect) await integrations.ensureFolder(trx, saved.row);
    await recordActivity(trx, {
      accountId,
      event: 'INTEGRACAO_AUTORIZADA',
      identifier: identity.externalAccountId,
      record: toRecord({
        provider,
        label: identity.label,
        scopes: tokens.scope ?? input.client.scopes.join(' '),
      }),
      actor: input.actor,
      ip: null,
      userAgent: null,
    });
    const now = await findConnection(trx, saved.row.id);
    if (now?.active_import) await integrations.schedulePoll(now.id, 0, trx);
    return { row: now ?? saved.row, replaced: removed };
  });
  for (const old of replaced) await revokeConnection(app, old);
  return row;
}

/** Revokes a connection's tokens at the provider (best effort: the connection goes either way). */
export async function revokeConnection(
  app: FastifyInstance,
  connection: IntegrationConnectionRow,
): Promise<boolean> {
  const client = app.integrations.oauthClient(connection.provider);
  if (!client) return false;
  const timeout = app.config.integrations.httpTimeoutMs;
  let revoked = false;
  // Revoking the refresh token revokes the grant (RFC 7009 2.1); the access token too, for providers
  // that only revoke what they are given.
  for (const sealed of [connection.refresh_token_enc, connection.access_token_enc]) {
    if (!sealed) continue;
    let token: string;
    try {
      token = app.integrations.unseal(connection, sealed);
    } catch {
      continue;
    }
    if (await revokeToken(client, token, timeout)) revoked = true;
  }
  return revoked;
}

/**
 * Undo: the connection is removed (its imported videos stay), its tokens revoked, the activity
 * entry written. The provider is told after the commit: an unreachable provider does not keep a
 * connection the user asked to remove.
 */
export async function undoConnection(
  app: FastifyInstance,
  connection: IntegrationConnectionRow,
  activity: { actor: ActivityActor | null; ip: string | null; userAgent: string | null },
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await deleteConnection(trx, connection.id);
    await recordActivity(trx, {
      ...activity,
      accountId: connection.account_id,
      event: 'INTEGRACAO_REMOVIDA',
      identifier: connection.external_account_id,
      record: toRecord({ provider: connection.provider, label: connection.label }),
    });
  });
  const revoked = await revokeConnection(app, connection);
  app.log.info({ connectionId: connection.id, provider: connection.provider, revoked }, 'integration undone');
}

export type { IntegrationProvider };
