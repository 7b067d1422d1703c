import type { Generated, Selectable } from 'kysely';

/** An invitation of an e-mail address into a team with a role. Only sha256 of the link's secret is kept. */
export interface InvitationsTable {
  id: Generated<string>;
  account_id: string;
  role_id: string;
  /** Always lowercase (a check constraint holds it). */
  email: string;
  secret_hash: string;
  invited_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  accepted_at: Date | null;
  canceled_at: Date | null;
}

export type InvitationRow = Selectable<InvitationsTable>;
