import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, nullable, number, optional, string, type, unknown } from 'superstruct';
import { api } from '@/lib/api-client';
import type { PageSize, SortOrder } from '../lib/search';

/** One changed field: `Value` is a scalar, or a list of `{Key, Value}` or of strings (SPEC §3). */
export const RecordFieldStruct = type({ Key: string(), Value: unknown() });
export type RecordField = Infer<typeof RecordFieldStruct>;

/** SPEC §3 Log entry, as docs/api-logs.md describes it. */
export const LogEntryStruct = type({
  id: optional(string()),
  event: string(),
  identifier: optional(nullable(string())),
  record: optional(nullable(array(RecordFieldStruct))),
  created_at: string(),
  user: optional(
    nullable(
      type({
        name: optional(nullable(string())),
        email: optional(nullable(string())),
        avatar: optional(nullable(string())),
      }),
    ),
  ),
  ip: optional(nullable(string())),
  user_agent: optional(nullable(string())),
});
export type LogEntry = Infer<typeof LogEntryStruct>;

/** SPEC §3 Log response. */
export const LogsResponseStruct = type({
  items: array(LogEntryStruct),
  pagination: type({
    page: optional(number()),
    limit: optional(number()),
    total: optional(number()),
    pagesTotal: number(),
    /** False when the count stopped early: more pages exist past pagesTotal (docs/api-logs.md). */
    totalExact: optional(boolean()),
  }),
});
export type LogsResponse = Infer<typeof LogsResponseStruct>;

/** The query of GET /v1/logs. `accountId` undefined means "every account" (staff only); it is sent as
 * given, never filled in with the selected team by the client. */
export interface LogsQuery {
  page: number;
  limit: PageSize;
  order: SortOrder;
  user?: string;
  identifier?: string;
  clientId?: string;
  accountId?: string;
  start: string;
  end: string;
}

/** GET /v1/logs. */
export const listLogs = (query: LogsQuery) =>
  api('/v1/logs', LogsResponseStruct, { query: { ...query, accountId: query.accountId } });

export const logsQueryOptions = (query: LogsQuery) =>
  queryOptions({ queryKey: ['records', 'logs', query], queryFn: () => listLogs(query) });

/** The route's loader fetches on every visit and filter change; mounting must not fetch it again. The
 * previous answer is kept while the next loads (flagged isPlaceholderData), so the pagination stays put
 * under the skeleton rows. */
export const useLogs = (query: LogsQuery) =>
  useQuery({ ...logsQueryOptions(query), refetchOnMount: false, placeholderData: keepPreviousData });
