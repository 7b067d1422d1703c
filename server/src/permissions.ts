import type { MessageKey } from './lib/i18n.ts';

/** Every permission string a role can hold (docs/api.md). `manageTeamUsers` is added by the console. */
export const ALL_PERMISSIONS = [
  'showStreaming',
  'broadcast',
  'showHistory',
  'showVOD',
  'showUsers',
  'gerenciarTimes',
  'showRoles',
  'palcoDeveloper',
  'palcoStudioAnalytics',
  'showFinancial',
  'showStreamingAnalytics',
  'api',
  'integrations',
  'showAccountSettings',
  'showClients',
  'showPermissions',
  'showCustomerSupport',
] as const;

export type Permission = (typeof ALL_PERMISSIONS)[number];

/**
 * Who may read a team's streams (the library, the history, the control panel, its viewers and
 * simulcasts): several route folders declare it, so it lives here (docs/server.md "Layers").
 */
export const READ_STREAMS = ['showStreaming', 'showHistory', 'broadcast'] as const satisfies Permission[];

/** Marks internal staff: they see every account and client. */
export const STAFF_PERMISSION: Permission = 'palcoDeveloper';

/**
 * What a route's permission check accepts, besides a role's permissions: `manageTeamUsers` is the
 * user's `canManageTeamsUsers` flag (the console adds that string on team selection, SPEC §4), and
 * `staff` is the caller holding `palcoDeveloper` in any of their teams.
 */
export type Grant = Permission | 'manageTeamUsers' | 'staff';

export const ALL_GRANTS: readonly Grant[] = [...ALL_PERMISSIONS, 'manageTeamUsers', 'staff'];

/**
 * Who may call a route, declared on every route as `config.permission` (plugins/permissions.ts):
 * - `'public'`: no token (only outside the authenticated scope);
 * - `'authenticated'`: any signed-in caller; the handler scopes what they see to their teams;
 * - `'staff'`: staff only;
 * - `{ anyOf }`: the caller's role in the working account (`accountId`, else the selected team, else
 *   the default one) holds one of these; `message` replaces the 403's default text.
 */
export type RoutePermission =
  | 'public'
  | 'authenticated'
  | 'staff'
  | { anyOf: readonly [Grant, ...Grant[]]; message?: MessageKey };
