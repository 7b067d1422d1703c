import type { TeamMember } from '../db/repositories/team-users.ts';
import { ApiError } from '../lib/errors.ts';
import { ALL_PERMISSIONS } from '../permissions.ts';
import { type AuthContext, roleIn } from './session.ts';

/** What the caller holds in the team: their role's permissions there (staff: their staff role's). */
function heldIn(auth: AuthContext, accountId: string): readonly string[] {
  return auth.isStaff ? ALL_PERMISSIONS : (roleIn(auth, accountId)?.permissoes ?? []);
}

/** The permissions of the list the caller does not hold in the team. */
export function beyondOwn(auth: AuthContext, accountId: string, permissions: readonly string[]): string[] {
  const held = heldIn(auth, accountId);
  return permissions.filter((p) => !held.includes(p));
}

/** Nobody grants (in a role they create, edit or hand out) a permission they do not hold. */
export function assertGrantable(auth: AuthContext, accountId: string, permissions: readonly string[]): void {
  const missing = beyondOwn(auth, accountId, permissions);
  if (missing.length > 0)
    throw new ApiError(403, 'grantBeyondOwn', { params: { permissions: missing.join(', ') } });
}

/** Nobody acts on (demotes, removes) a user whose role holds what they do not. */
export function assertNotOutranked(auth: AuthContext, accountId: string, target: TeamMember): void {
  const missing = beyondOwn(auth, accountId, target.permissions);
  if (missing.length > 0)
    throw new ApiError(403, 'userOutranks', { params: { permissions: missing.join(', ') } });
}

/** Who counts as able to manage the team's users: the role's showUsers or the user's own flag. */
export function managesUsers(member: Pick<TeamMember, 'canManageTeamsUsers' | 'permissions'>): boolean {
  return member.canManageTeamsUsers || member.permissions.includes('showUsers');
}

/**
 * The team after a change still has someone able to manage its users, if it had one before: the
 * change maps each member to their new state (null: removed).
 */
export function assertKeepsManager(
  members: TeamMember[],
  change: (member: TeamMember) => TeamMember | null,
): void {
  if (!members.some(managesUsers)) return;
  const after = members.map(change).filter((m): m is TeamMember => m !== null);
  if (!after.some(managesUsers)) throw new ApiError(409, 'lastManager');
}
