/** The shape of an activity log entry's data, shared by the table (db/tables/activity-logs.ts) and
 * the helpers that build it (lib/activity.ts). Types only. */

/** `{Key, Value}` as the console shows it: a list field's value is a list of pairs or of strings. */
export type LogValue = string | number | boolean | null | string[] | LogRecordItem[];
export interface LogRecordItem {
  Key: string;
  Value: LogValue;
}

/** Who did it, as a log entry keeps it (copied: the entry stays true after the user changes). */
export interface ActivityActor {
  id: string | null;
  name: string | null;
  email: string | null;
  avatar: string | null;
}
