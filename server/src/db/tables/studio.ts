import type { Generated, Selectable } from 'kysely';

/** A studio guest link (its signed token names the row; revoking sets `revoked_at`). */
export interface StudioGuestLinksTable {
  id: Generated<string>;
  live_id: string;
  created_by: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Generated<Date>;
}

export type StudioGuestStatus = 'waiting' | 'admitted' | 'removed';

/** A guest of the studio: in the waiting room, admitted to the stage, or removed (or gone). */
export interface StudioGuestsTable {
  id: Generated<string>;
  live_id: string;
  link_id: string;
  name: string;
  email: string;
  status: Generated<StudioGuestStatus>;
  /** SHA-256 of the guest's session secret (the guest's browser holds the secret). */
  secret_hash: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Last time the guest's page asked for its state: a guest not seen for a while has left. */
  seen_at: Generated<Date>;
}

export type StudioGuestLinkRow = Selectable<StudioGuestLinksTable>;
export type StudioGuestRow = Selectable<StudioGuestsTable>;
