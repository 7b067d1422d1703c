export const DEVELOPER_PERMISSION = 'palcoDeveloper';
export const STUDIO_ANALYTICS_PERMISSION = 'palcoStudioAnalytics';
export const MANAGE_TEAM_USERS = 'manageTeamUsers';

/** SPEC §6: a check accepts one permission or a list (any match). */
export function hasPermission(held: readonly string[], needed: string | readonly string[]): boolean {
  const wanted = typeof needed === 'string' ? [needed] : needed;
  return wanted.some((p) => held.includes(p));
}

export const isStaff = (held: readonly string[]) => held.includes(DEVELOPER_PERMISSION);

/** SPEC §2.2 gates of the authenticated routes (an unauthorised user is redirected to /403). */
export const ROUTE_GATES = {
  // Staff passes the analytics API's check too (docs/analytics.md "API"), and the menu links them here.
  '/analytics': ['showStreamingAnalytics', DEVELOPER_PERMISSION],
  // VOD analytics (the console's page when no external analytics app is configured): the same people.
  '/analytics/vod': ['showStreamingAnalytics', DEVELOPER_PERMISSION],
  '/api-keys': 'showClients',
  // The same people as the server's webhook routes (docs/webhooks.md).
  '/webhooks': ['showClients', 'api'],
  '/billing': 'showFinancial',
  '/broadcast': 'broadcast',
  '/clients': 'showClients',
  '/historic': 'showHistory',
  '/permissions': 'showPermissions',
  '/roles': 'showRoles',
  '/streaming': 'showStreaming',
  '/atendimento': 'showCustomerSupport',
  '/users': ['showUsers', MANAGE_TEAM_USERS],
  '/vod': 'showVOD',
  '/members': ['showVOD', MANAGE_TEAM_USERS],
  '/teams': ['gerenciarTimes', MANAGE_TEAM_USERS],
  '/account/settings': 'showAccountSettings',
  '/integrations': [DEVELOPER_PERMISSION, 'integrations'],
} as const satisfies Record<string, string | readonly string[]>;
export type GatedPath = keyof typeof ROUTE_GATES;
