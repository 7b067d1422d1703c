import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AccountView, findAccountById } from '../db/repositories/accounts.ts';
import { ApiError } from '../lib/errors.ts';
import type { AuthContext } from '../services/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook (after `authenticate`): resolves the `accountId` query parameter to an account the
     * caller may work in and puts it on `request.account`, or answers 400 (malformed) / 404.
     */
    resolveAccount: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    account: AccountView | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's account with that id, or undefined — whether it is missing or someone else's. */
export async function accessibleAccount(
  request: FastifyRequest,
  auth: AuthContext,
  accountId: string,
): Promise<AccountView | undefined> {
  const membership = auth.memberships.find((m) => m.accountId === accountId);
  if (membership) {
    return {
      id: membership.accountId,
      name: membership.accountName,
      thumbnail: membership.accountThumbnail,
      blocked: membership.accountBlocked,
      createdAt: membership.accountCreatedAt,
      clientId: membership.clientId,
      clientName: membership.clientName,
    };
  }
  return auth.isStaff ? findAccountById(request.server.db, accountId) : undefined;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export default fp(
  async (app) => {
    app.decorateRequest('account', null);

    app.decorate('resolveAccount', async function resolveAccount(request) {
      const query = request.query as Record<string, unknown> | undefined;
      const accountId = query?.accountId;
      if (accountId === undefined) return;
      if (!isUuid(accountId)) throw new ApiError(400, 'format', { field: 'accountId' });
      if (!request.auth) throw new ApiError(401, 'unauthenticated');
      const account = await accessibleAccount(request, request.auth, accountId.toLowerCase());
      // Another team's account answers exactly like one that does not exist.
      if (!account) throw new ApiError(404, 'accountNotFound');
      request.account = account;
    } satisfies onRequestAsyncHookHandler);
  },
  { name: 'multitenancy', dependencies: ['db', 'auth'] },
);
