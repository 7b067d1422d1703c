import { session } from '@/lib/session';

/** Query keys of the people-and-access pages, per selected team (a team switch reads afresh). */
export const adminKey = (...parts: unknown[]) => [
  'admin',
  session.get().user?.selectedTeamId ?? null,
  ...parts,
];
