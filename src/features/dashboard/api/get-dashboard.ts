import { VIDEO_STATUSES } from '@contract/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  optional,
  string,
  type,
} from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

const DashboardStruct = type({
  asOf: string(),
  timeZone: string(),
  live: nullable(
    array(
      type({
        id: string(),
        nome: string(),
        status: enums(['live', 'paused']),
        startedAt: nullable(string()),
      }),
    ),
  ),
  today: nullable(array(type({ id: string(), nome: string(), scheduledStartTime: string() }))),
  uploads: nullable(
    array(
      type({
        id: string(),
        title: string(),
        status: enums(VIDEO_STATUSES),
        progress: integer(),
        queued: optional(boolean()),
        createdAt: string(),
      }),
    ),
  ),
  alerts: array(
    type({
      kind: enums(['fps_alto', 'video_falhou', 'corte_automatico']),
      id: string(),
      name: string(),
      fps: optional(number()),
      limit: optional(number()),
      at: string(),
    }),
  ),
});
export type Dashboard = Infer<typeof DashboardStruct>;

const key = () => ['dashboard', session.get().user?.selectedTeamId ?? null];

/** GET /v1/dashboard: persisted like every query, so offline the page shows the last answer. */
export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: key(), queryFn: () => api('/v1/dashboard', DashboardStruct) });

export const useDashboard = () => useQuery({ ...dashboardQueryOptions(), refetchInterval: 30_000 });
