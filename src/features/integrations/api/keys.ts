import { session } from '@/lib/session';

/** Query keys of the integrations page, per selected team (a team switch reads afresh). */
export const integrationKey = (...parts: unknown[]) => [
  'integrations',
  session.get().user?.selectedTeamId ?? null,
  ...parts,
];
