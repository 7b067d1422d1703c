import type { ColumnType, Generated, Selectable } from 'kysely';

export interface ClassroomParticipantsTable {
  id: Generated<string>;
  live_id: string;
  name: string;
  email: string;
  client_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A token issued at a registration: a chat message names its author through it (only the hash kept). */
export interface ClassroomChatTokensTable {
  token_hash: string;
  participant_id: string;
  /** The name its browser registered with (the chat's author); null: issued before names were kept per
   * token, the registration's name stands. */
  name: string | null;
  /** Its browser proved the e-mail with a mailed code: only then is the viewer ID the e-mail's. */
  proven: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A one-time code mailed to prove a registration's e-mail (docs/classroom.md); only its hash is kept. */
export interface ClassroomEmailCodesTable {
  id: ColumnType<string, never, never>;
  participant_id: string;
  code_hash: string;
  ip: string | null;
  attempts: Generated<number>;
  used_at: Date | null;
  expires_at: Date;
  created_at: Generated<Date>;
}

export interface ClassroomMessagesTable {
  /** Identity: increasing, so a reader asks for what came after the last one it has. */
  id: ColumnType<string, never, never>;
  live_id: string;
  author: string;
  email: string;
  ip: string | null;
  text: string;
  /** Sent by the live's host from the studio (a console user), not by an attendee. */
  host: Generated<boolean>;
  created_at: Generated<Date>;
}

export type ClassroomMessageRow = Selectable<ClassroomMessagesTable>;
