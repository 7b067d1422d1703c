export const LAST_VISITED_KEY = 'palco-last-visited';
export const DEFAULT_HOME = '/streaming';

const NOT_REMEMBERED = ['/auth', '/logout', '/select-team', '/403', '/error', '/not-found', '/blocked'];

/** Remembers the page the user is on, so that login and '/' can return to it. */
export function rememberLastVisited(href: string) {
  if (href === '/' || NOT_REMEMBERED.some((p) => href.startsWith(p))) return;
  localStorage.setItem(LAST_VISITED_KEY, href);
}

export function lastVisited(): string | null {
  return localStorage.getItem(LAST_VISITED_KEY);
}
