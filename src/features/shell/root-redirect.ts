import { EXTERNAL_HOSTS, type ExternalHosts, onHost } from '@/lib/external-links';
import { DEFAULT_HOME, LAST_VISITED_KEY } from '@/lib/last-visited';

/** A last-visited value written by the analytics app carries this prefix: `analytics:/path`. */
export const ANALYTICS_FLAG = 'analytics:';
export const LAST_VISITED_RESET_MS = 1000;

export interface RootDecision {
  /** Where the console goes. */
  to: string;
  /** An external page to open instead, when the last visit was the webcam or analytics app. */
  external: string | null;
}

/** An in-app path: starts with one '/', never '//' or '/\' (which browsers read as another host). */
export function isInternalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}

/** SPEC §2.2 '/': the last visited page; /streaming by default, and under an analytics or webcam
 * redirect (the external page opens, the console stays on /streaming). */
export function decideRootRedirect(
  lastVisited: string | null,
  hosts: ExternalHosts = EXTERNAL_HOSTS,
): RootDecision {
  if (!lastVisited) return { to: DEFAULT_HOME, external: null };
  // Without the companion app's host (not configured in this build) the console simply stays.
  if (lastVisited.startsWith(ANALYTICS_FLAG)) {
    const path = lastVisited.slice(ANALYTICS_FLAG.length);
    return { to: DEFAULT_HOME, external: hosts.analytics ? onHost(hosts.analytics, path) : null };
  }
  if (lastVisited.includes('webcam'))
    return { to: DEFAULT_HOME, external: hosts.webcam ? onHost(hosts.webcam, lastVisited) : null };
  if (!isInternalPath(lastVisited) || lastVisited === '/' || lastVisited.startsWith('/?')) {
    return { to: DEFAULT_HOME, external: null };
  }
  return { to: lastVisited, external: null };
}

/** Where the console goes after a team is chosen: the redirectTo parameter, else the last visited page,
 * else /streaming (SPEC §2.1). */
export function afterTeamSelection(redirectTo: string | undefined, lastVisited: string | null): string {
  const blocked = ['/select-team', '/auth', '/logout', '/blocked'];
  if (isInternalPath(redirectTo) && redirectTo !== '/' && !blocked.some((p) => redirectTo.startsWith(p))) {
    return redirectTo;
  }
  return decideRootRedirect(lastVisited).to;
}

/** SPEC §9: the last-visited value is reset 1 second after an external redirect (unless a newer page
 * has been remembered meanwhile). The external page may unload this one sooner, which would cancel the
 * timer and send the next '/' straight back out: leaving the page resets it at once. */
export function scheduleLastVisitedReset(
  value: string,
  storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.window,
) {
  const reset = () => {
    clearTimeout(timer);
    target?.removeEventListener('pagehide', reset);
    if (storage.getItem(LAST_VISITED_KEY) === value) storage.removeItem(LAST_VISITED_KEY);
  };
  const timer = setTimeout(reset, LAST_VISITED_RESET_MS);
  target?.addEventListener('pagehide', reset);
  return reset;
}
