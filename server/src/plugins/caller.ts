import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors.ts';
import type { Permission } from '../permissions.ts';
import { holdsAny, workingAccountId } from '../services/session.ts';

/*
 * Who is calling and in which team, read from what the auth and multi-tenancy plugins put on the
 * request (`request.auth`, `request.account`). Every route folder asks it, so it lives here, a layer
 * below routes/, rather than in one route folder that the others would import (docs/server.md "Layers").
 */

/** The account the call works in: `accountId`, else the selected team, else the default one. */
export function accountOf(request: FastifyRequest): string {
  const id = workingAccountId(request.auth!, request.account);
  if (!id) throw new ApiError(404, 'accountNotFound');
  return id;
}

/** Whether the caller's role in the account holds one of the permissions (the route hook's own rule). */
export function holds(request: FastifyRequest, accountId: string, ...any: Permission[]): boolean {
  return holdsAny(request.auth!, accountId, any);
}
