import { hasPermission, ROUTE_GATES } from './permissions';
import { useSession } from './use-session';

/** The analytics page of one live (`/analytics?live=<id>`, docs/routes.md), as link options: the
 * control panel and the monitoring wall link there without reaching into the analytics feature. */
export const analyticsLink = (liveId: string) => ({ to: '/analytics', search: { live: liveId } }) as const;

/** Whether the session may open /analytics: links to it show only then. */
export function useCanSeeAnalytics(): boolean {
  return hasPermission(useSession().permissions, ROUTE_GATES['/analytics']);
}
