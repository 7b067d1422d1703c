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

/** Marks internal staff: they see every account and client. */
export const STAFF_PERMISSION: Permission = 'palcoDeveloper';
