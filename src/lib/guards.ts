import { redirect } from '@tanstack/react-router';
import { type GatedPath, hasPermission, ROUTE_GATES } from './permissions';
import type { Session } from './session';

/** beforeLoad helper for a gated route (SPEC §2.2): an unauthorised user goes to /403. */
export function requireGate(auth: Session, path: GatedPath) {
  if (!hasPermission(auth.get().permissions, ROUTE_GATES[path])) {
    throw redirect({ to: '/403' });
  }
}
