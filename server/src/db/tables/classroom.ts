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
  created_at: Generated<Date>;
}

export type ClassroomMessageRow = Selectable<ClassroomMessagesTable>;
