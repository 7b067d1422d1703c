import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ActivityQuery, findActivity } from '../../db/repositories/activity-log.ts';
import { findClientById } from '../../db/repositories/clients.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { eventTypeLabels } from '../../lib/event-types.ts';
import { langOf } from '../../lib/i18n.ts';
import { workingAccountId } from '../../services/session.ts';
import { LogsQuery, MAX_PAGED_ENTRIES, parseBound, rejectInvalidQuery } from './query.ts';
import { EventTypesAnswer, LogsAnswer } from './schemas.ts';
import { keepLogStatisticsFresh } from './statistics.ts';

/** `total` is counted up to this many pages past the requested one (docs/api-logs.md "Counting"). */
export const COUNT_PAGES_AHEAD = 10;

/**
 * The activity log (docs/api-logs.md), read-only: entries are written by the routes that make the
 * changes (recordActivity), and no call changes or deletes them. Registered in the authenticated,
 * tenant-checked scope.
 */
const logRoutes: FastifyPluginAsyncTypebox = async (app) => {
  keepLogStatisticsFresh(app);

  app.get(
    '/v1/logs',
    {
      config: { permission: 'authenticated' },
      attachValidation: true,
      schema: {
        tags: ['logs'],
        summary: 'Activity log entries, newest first, of one team (staff: of any or every account)',
        description:
          'Without `accountId` a caller who is not staff gets their working team (the selected one, else ' +
          'their default team); staff get every account. `total` is exact up to 10 pages past this one.',
        security: bearer,
        querystring: LogsQuery,
        response: { 200: LogsAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      rejectInvalidQuery(request);
      const auth = request.auth!;
      const query = request.query;
      const page = query.page ?? 1;
      const limit = query.limit ?? 10;
      if (page * limit > MAX_PAGED_ENTRIES)
        throw new ApiError(400, 'logsPageTooFar', { field: 'page', params: { max: MAX_PAGED_ENTRIES } });

      const user = query.user?.trim() || undefined;
      const identifier = query.identifier?.trim() || undefined;
      if (user && identifier) throw new ApiError(400, 'logsSearchBoth', { field: 'identifier' });

      const start = query.start === undefined ? undefined : parseBound(query.start, 'start');
      const end = query.end === undefined ? undefined : parseBound(query.end, 'end');
      if (start && end && (end.inclusive ? start.at > end.at : start.at >= end.at))
        throw new ApiError(400, 'logsRange', { field: 'start' });

      // SPEC §4 "Log page": whoever is not staff sees one team — the one named by accountId (the
      // multi-tenancy hook has checked it is theirs), else the one they work in.
      let accountId: string | undefined;
      let clientId: string | undefined;
      if (auth.isStaff) {
        accountId = request.account?.id;
        clientId = query.clientId?.toLowerCase();
        if (clientId && !(await findClientById(app.db, clientId))) throw new ApiError(404, 'clientNotFound');
      } else {
        if (query.clientId !== undefined) throw new ApiError(403, 'logsClientFilter', { field: 'clientId' });
        accountId = workingAccountId(auth, request.account) ?? undefined;
        if (!accountId) throw new ApiError(400, 'required', { field: 'accountId' });
      }

      const filter: ActivityQuery = {
        accountId,
        clientId,
        user,
        identifier,
        start: start?.at,
        end,
        order: query.order ?? 'desc',
        page,
        limit,
        countAhead: COUNT_PAGES_AHEAD * limit,
      };
      const { rows, ...count } = await findActivity(app.db, filter);
      return {
        items: rows.map((row) => ({
          id: String(row.id),
          event: row.event,
          identifier: row.identifier,
          record: row.record,
          created_at: new Date(row.created_at).toISOString(),
          user:
            row.actor_email === null && row.actor_name === null
              ? null
              : { name: row.actor_name, email: row.actor_email, avatar: row.actor_avatar },
          ip: row.ip,
          user_agent: row.user_agent,
        })),
        pagination: {
          page,
          limit,
          total: count.total,
          pagesTotal: Math.ceil(count.total / limit),
          totalExact: count.exact,
        },
      };
    },
  );

  app.get(
    '/v1/logs/list-event-types',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['logs'],
        summary: 'Every event code with its label in the language of the request',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: EventTypesAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => eventTypeLabels(langOf(request)),
  );
};

export default logRoutes;
