/* The activity log's answers as JSON on the wire (docs/api-logs.md). The server's TypeBox schemas
 * (server/src/routes/logs/schemas.ts) are checked equal to them, the console's structs
 * (src/features/records/api) checked against them (src/features/records/__tests__/contract.test.ts).
 * Plain types only: nothing here imports. */

/** One changed field: `Value` is a scalar, or a list of strings or of pairs, to any depth (SPEC §3). */
export interface RecordItem {
  Key: string;
  Value: string | number | boolean | null | (string | RecordItem)[];
}

/** One entry of `GET /v1/logs`. */
export interface LogEntry {
  id: string; // opaque and stable
  event: string; // the event code (`GET /v1/logs/list-event-types` labels it)
  identifier: string; // the object's id or name
  record: RecordItem[]; // the changed fields; secrets never appear
  created_at: string; // ISO date-time
  user: { name: string | null; email: string | null; avatar: string | null } | null; // null: nobody signed in
  ip: string | null;
  user_agent: string | null;
}

/** `GET /v1/logs`: a page of entries, newest first by default. */
export interface LogsPage {
  items: LogEntry[];
  pagination: {
    page: number;
    limit: number;
    total: number; // a lower bound when totalExact is false
    pagesTotal: number; // ceil(total / limit)
    totalExact: boolean; // false when counting stopped 10 pages past this one
  };
}

/** `GET /v1/logs/list-event-types`: event code → label in the request's language. */
export type EventTypes = Record<string, string>;
