import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { AccountIdQuery, Page } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/i18n.ts';

/** SPEC §9: the log page sizes. */
export const PAGE_SIZES = [10, 25, 30, 50] as const;
/** Deep pages cost what they skip (OFFSET): paging stops at this many entries; a narrower date range
 * or a search reaches the rest. */
export const MAX_PAGED_ENTRIES = 100_000;
export const SEARCH_MAX_LENGTH = 100;

export const LogsQuery = Type.Object({
  ...AccountIdQuery.properties,
  page: Type.Optional(Page),
  limit: Type.Optional(
    Type.Union(
      PAGE_SIZES.map((size) => Type.Literal(size)),
      { description: 'Entries per page: 10 (default), 25, 30 or 50' },
    ),
  ),
  user: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: "Start of the responsible's e-mail or name, any letter case (not with `identifier`)",
    }),
  ),
  identifier: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: 'Start of the identifier, any letter case (not with `user`)',
    }),
  ),
  clientId: Type.Optional(
    Type.String({ format: 'uuid', description: 'Only entries of this client (staff only)' }),
  ),
  start: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'From this instant (ISO 8601 date-time with Z or an offset), or this day (UTC)',
    }),
  ),
  end: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Up to this instant (inclusive), or to the end of this day (UTC)',
    }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('desc'), Type.Literal('asc')], {
      description: 'By created_at: desc (default, newest first) or asc',
    }),
  ),
});

/** Schema failures of these fields get a message of their own; the rest the usual field messages. */
const OWN_MESSAGES: Record<string, MessageKey> = {
  limit: 'logsLimit',
  order: 'logsOrder',
  start: 'logsDate',
  end: 'logsDate',
};

/** The route validates with `attachValidation`, so it can word its own errors; this throws them. */
export function rejectInvalidQuery(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const failures: FastifySchemaValidationError[] = error.validation ?? [];
  const fields = failures.map((e) => e.instancePath.split('/').filter(Boolean)[0] ?? '');
  const own = fields.find((field) => Object.hasOwn(OWN_MESSAGES, field));
  if (own) throw new ApiError(400, OWN_MESSAGES[own]!, { field: own });
  throw error;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;
const DAY_MS = 86_400_000;

/** The UTC midnight of a real calendar day ('2026-02-30' is not one), or undefined. */
function utcDay(year: string, month: string, day: string): number | undefined {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const at = Date.UTC(y, m - 1, d);
  const date = new Date(at);
  if (y < 1970 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return at;
}

/**
 * `start`/`end`: an instant (date-time with `Z` or an offset; a time without one would depend on the
 * server's zone, so it is refused) or a whole day in UTC — a date-only `end` covers that day to its
 * last instant. The console sends instants (the first and last instant of the chosen days in the
 * user's own time zone).
 */
export function parseBound(value: string, field: 'start' | 'end'): { at: Date; inclusive: boolean } {
  const bad = () => new ApiError(400, 'logsDate', { field });
  const date = DATE.exec(value);
  if (date) {
    const day = utcDay(date[1]!, date[2]!, date[3]!);
    if (day === undefined) throw bad();
    return field === 'start'
      ? { at: new Date(day), inclusive: true }
      : { at: new Date(day + DAY_MS), inclusive: false };
  }
  const m = DATE_TIME.exec(value);
  if (!m) throw bad();
  const day = utcDay(m[1]!, m[2]!, m[3]!);
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (day === undefined || hour > 23 || minute > 59 || second > 59 || offsetHours > 18 || offsetMinutes > 59)
    throw bad();
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return { at: new Date(day + ((hour * 60 + minute) * 60 + second) * 1000 + ms - offset), inclusive: true };
}
