import { session } from '@/lib/session';

/** Every analytics query key: the selected team first, so a team switch never shows another team's
 * figures (and the persisted cache keeps each team's apart). */
export const analyticsKey = (...parts: string[]) =>
  ['analytics', session.get().user?.selectedTeamId ?? null, ...parts] as const;
