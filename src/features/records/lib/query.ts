import type { DateRange } from '@/components/ui/date-range';
import { hasPermission, isStaff } from '@/lib/permissions';
import type { LogsQuery } from '../api/list-logs';
import { apiRange } from './range';
import { type RecordsSearch, withDefaults } from './search';

/** SPEC §5/§6: the team select of the log filters needs gerenciarTimes. */
export const TEAM_PICKER_PERMISSION = 'gerenciarTimes';

export interface Viewer {
  /** Holds the internal developer permission: sees every account, may filter by client. */
  staff: boolean;
  /** May pick a team in the filters (gerenciarTimes). */
  canPickTeam: boolean;
  selectedTeamId: string | null;
}

/**
 * The team whose entries are asked for (SPEC §4 "Log page", §5): staff see every account unless they
 * picked a client and a team; anyone else sees their selected team, or the team they picked when they
 * may pick one (the server still checks it is one of theirs).
 */
export function scopedAccount(search: RecordsSearch, viewer: Viewer): string | undefined {
  if (viewer.staff) return search.clientId ? search.accountId : undefined;
  if (viewer.canPickTeam && search.accountId) return search.accountId;
  return viewer.selectedTeamId ?? undefined;
}

/** GET /v1/logs's query for what the URL says. */
export function buildLogsQuery(
  search: RecordsSearch,
  viewer: Viewer,
  range: DateRange,
  timeZone: string,
): LogsQuery {
  const { page, limit, order, by, q } = withDefaults(search);
  return {
    page,
    limit,
    order,
    ...(q ? { [by]: q } : {}),
    clientId: viewer.staff ? search.clientId : undefined,
    accountId: scopedAccount(search, viewer),
    ...apiRange(range, timeZone),
  };
}

/** Who is looking, from the stored session. */
export function viewerOf(state: {
  permissions: readonly string[];
  user: { selectedTeamId: string | null } | null;
}): Viewer {
  return {
    staff: isStaff(state.permissions),
    canPickTeam: hasPermission(state.permissions, TEAM_PICKER_PERMISSION),
    selectedTeamId: state.user?.selectedTeamId ?? null,
  };
}
