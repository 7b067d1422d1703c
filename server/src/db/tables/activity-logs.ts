import type { Generated, Selectable } from 'kysely';
import type { LogRecordItem } from '../../lib/activity-record.ts';

/** One entry of the activity log, written in the same transaction as the change it describes.
 * The responsible user's name, e-mail and avatar are copied so the entry keeps telling the truth
 * after the user changes or leaves. */
export interface ActivityLogsTable {
  id: Generated<string>;
  account_id: string | null;
  client_id: string | null;
  event: string;
  identifier: string;
  record: LogRecordItem[];
  created_at: Generated<Date>;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_avatar: string | null;
  ip: string | null;
  user_agent: string | null;
}

export type ActivityLogRow = Selectable<ActivityLogsTable>;
