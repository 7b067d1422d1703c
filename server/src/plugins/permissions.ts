import type { FastifyRequest, onRequestAsyncHookHandler, onRouteHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isAccountBlocked } from '../db/repositories/accounts.ts';
import { errors } from '../http/schemas.ts';
import { ApiError } from '../lib/errors.ts';
import { ALL_GRANTS, type RoutePermission } from '../permissions.ts';
import { holdsAny, workingAccountId } from '../services/session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every route declares it; routes/index.ts refuses to boot without. */
    permission?: RoutePermission;
    /**
     * The route adds content or storage to a team: while the team's client is blocked for non-payment
     * it answers 403 with this message (docs/billing.md "Blocking for non-payment"). Checked in the
     * working team by `authorize`, and in the team of the object a call names by `requireDeclaredIn`.
     * route-permissions.test.ts refuses a write route that neither declares it nor is listed as what a
     * blocked client may still do.
     */
    blocked?: BlockedRule;
    /**
     * Where the blocked rule is checked: `'working'` (default) in the team the call works in, by the
     * permission hook; `'named'` only in the team of the object the call names (a video by id, the body's
     * or the path's team), by `requireDeclaredIn` — a user whose working team is blocked may still add to
     * another of their teams, and a call naming another team's object answers 404 before any block.
     */
    blockedIn?: 'working' | 'named';
  }
  interface FastifyInstance {
    /** Every route of the app with its declaration (HEAD twins included), for the route-table test. */
    routePermissions: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  blocked: BlockedRule | undefined;
}

/** The message a blocked team's content route answers (lives, videos and folders, anything else). */
export type BlockedRule = 'accountBlockedLives' | 'accountBlockedVideos' | 'accountBlockedContent';

/** Whether the team is blocked now: from the caller's memberships (read this request), else the row. */
async function blockedNow(
  request: FastifyRequest,
  account: { id: string; blocked?: boolean },
): Promise<boolean> {
  if (account.blocked !== undefined) return account.blocked;
  if (request.account?.id === account.id) return request.account.blocked;
  const membership = request.auth?.memberships.find((m) => m.accountId === account.id);
  if (membership) return membership.accountBlocked;
  return isAccountBlocked(request.server.db, account.id);
}

/** The route's blocked rule (if it declares one) checked in that team: 403 with its message. */
async function checkBlocked(
  request: FastifyRequest,
  account: { id: string; blocked?: boolean },
): Promise<void> {
  const rule = request.routeOptions.config.blocked;
  if (rule && (await blockedNow(request, account))) throw new ApiError(403, rule);
}

function declarationOf(request: FastifyRequest): RoutePermission | undefined {
  return request.routeOptions.config.permission;
}

/**
 * The route's declared permission checked in an account other than the working one: the account of
 * the object the call names by id (a video of another of the caller's teams), or the one its body
 * names. Same answer as the hook: 403.
 */
export async function requireDeclaredIn(
  request: FastifyRequest,
  account: { id: string; blocked: boolean },
): Promise<void> {
  const permission = declarationOf(request);
  const auth = request.auth;
  if (!auth) throw new ApiError(401, 'unauthenticated');
  const allowed =
    permission === 'authenticated' ||
    (permission === 'staff' && auth.isStaff) ||
    (typeof permission === 'object' && holdsAny(auth, account.id, permission.anyOf));
  if (!allowed)
    throw new ApiError(
      403,
      typeof permission === 'object' ? (permission.message ?? 'forbidden') : 'forbidden',
    );
  await checkBlocked(request, account);
}

/**
 * onRequest hook of the authenticated scope, after `authenticate` and `resolveAccount`: the route's
 * declaration decides, before its body is read. A route without one (impossible once booted) is
 * refused rather than let through.
 */
export const authorize: onRequestAsyncHookHandler = async (request) => {
  const permission = declarationOf(request);
  const auth = request.auth;
  if (!auth) throw new ApiError(401, 'unauthenticated');
  // A key reaches only routes that name the permissions it is checked against: the person's own
  // routes (profile, password, sessions, team choice) and staff routes stay with a session.
  if (auth.apiKey && typeof permission !== 'object') throw new ApiError(403, 'apiKeyNotAllowed');
  if (permission === 'authenticated') return;
  if (typeof permission !== 'object') {
    if (permission === 'staff' && auth.isStaff) return;
    throw new ApiError(403, 'forbidden');
  }
  const accountId = workingAccountId(auth, request.account);
  if (!accountId) throw new ApiError(404, 'accountNotFound');
  if (!holdsAny(auth, accountId, permission.anyOf))
    throw new ApiError(403, permission.message ?? 'forbidden');
  if (request.routeOptions.config.blockedIn !== 'named') await checkBlocked(request, { id: accountId });
};

function problem(permission: RoutePermission | undefined, scope: 'public' | 'authenticated'): string | null {
  if (permission === undefined) return 'declares no config.permission';
  if (scope === 'public')
    return permission === 'public' ? null : "is outside the authenticated scope: declare 'public'";
  if (permission === 'public') return "is in the authenticated scope: it cannot be 'public'";
  if (typeof permission === 'object') {
    if (permission.anyOf.length === 0) return 'declares an empty anyOf';
    const unknown = permission.anyOf.find((grant) => !ALL_GRANTS.includes(grant));
    if (unknown) return `declares an unknown permission ${unknown}`;
  }
  return null;
}

/**
 * onRoute hook of a scope: a route whose declaration does not fit the scope stops the server from
 * starting, so a forgotten permission cannot reach production.
 */
export function expectDeclaration(scope: 'public' | 'authenticated'): onRouteHookHandler {
  return (route) => {
    const reason = problem(route.config?.permission, scope);
    if (reason) throw new Error(`route ${[route.method].flat().join(',')} ${route.url} ${reason}`);
  };
}

/**
 * Keeps the list of every route and its declaration (registered before any route), and adds the 403
 * a permission-checked route can answer to its documented responses (before the OpenAPI plugin sees
 * the route).
 */
export default fp(
  async (app) => {
    const routes: DeclaredRoute[] = [];
    app.decorate('routePermissions', routes);
    app.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      const blocked = route.config?.blocked;
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, permission, blocked });
      const response = route.schema?.response as Record<string, unknown> | undefined;
      const checked = permission === 'staff' || typeof permission === 'object';
      if (checked && response && !(403 in response)) route.schema!.response = { ...response, ...errors(403) };
    });
  },
  { name: 'permissions' },
);
