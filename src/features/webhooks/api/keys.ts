import { session } from '@/lib/session';

/** Query keys of the webhooks section, per selected team. */
export const webhookKey = (...parts: unknown[]) => [
  'webhooks',
  session.get().user?.selectedTeamId ?? null,
  ...parts,
];
