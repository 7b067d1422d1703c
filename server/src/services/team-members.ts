import { type ActivityEntry, recordActivity } from '../db/repositories/activity-log.ts';
import { deleteMember, lockTeamMembers, type TeamMember } from '../db/repositories/team-users.ts';
import type { Db } from '../db/schema.ts';
import { toRecord } from '../lib/activity.ts';
import { ApiError } from '../lib/errors.ts';
import { assertKeepsManager } from './team-rules.ts';

export interface RemoveMember {
  accountId: string;
  userId: string;
  /** Who asks: nobody removes themselves (409). */
  actorId: string;
  /** The route's own refusal for this member (throws), checked under the team's lock. */
  refuse: (member: TeamMember) => void;
  /** The log entry's who-and-where; `identify` names the removed member in it. */
  activity: Pick<ActivityEntry, 'actor' | 'ip' | 'userAgent'>;
  identify: (member: TeamMember) => string;
}

/**
 * Takes a user out of one team (their other teams stay) and logs `USUARIO_REMOVIDO`, in one
 * transaction under the team's lock; the team keeps someone able to manage its users (409).
 */
export async function removeTeamMember(db: Db, removal: RemoveMember): Promise<TeamMember> {
  const { accountId, userId } = removal;
  if (userId === removal.actorId) throw new ApiError(409, 'removeSelf');
  return db.transaction().execute(async (trx) => {
    const members = await lockTeamMembers(trx, accountId);
    const member = members.find((m) => m.userId === userId);
    if (!member) throw new ApiError(404, 'userNotFound');
    removal.refuse(member);
    assertKeepsManager(members, (m) => (m.userId === userId ? null : m));
    await deleteMember(trx, accountId, userId);
    await recordActivity(trx, {
      ...removal.activity,
      accountId,
      event: 'USUARIO_REMOVIDO',
      identifier: removal.identify(member),
      record: toRecord({ nome: member.name, login: member.login }),
    });
    return member;
  });
}
