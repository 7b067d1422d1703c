/**
 * The paths the server answers itself, never the console (docs/routes.md "Server pages and the service
 * worker"). One list read by three parts that must agree:
 * - the console's service worker (sw/sw.ts) lets a navigation under any of them go to the network
 *   instead of answering the console's index.html from its precache;
 * - the server's not-found handler (server/src/plugins/console.ts) never answers the console's index.html
 *   under them, not even to a browser asking for a page;
 * - the Vite dev server (vite.config.ts) proxies the API roots to the API server and serves each viewer
 *   page's own HTML entry.
 * server/test/server-paths.test.ts walks the server's registered routes and fails when a route is not
 * under one of these roots, so a new server page cannot be forgotten here.
 */

/** Roots of what the API server answers: the APIs, its own pages (/docs), the media and the WebRTC
 * endpoints. */
export const SERVER_API_ROOTS = [
  '/api',
  '/bff',
  '/v1',
  '/v2',
  '/ws',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
  '/media',
  '/upload',
  '/play',
  '/whip',
  '/whep',
] as const;

/** The viewers' and presenters' pages: each root is answered with its own HTML entry of the build (the
 * server's *-pages.ts plugins), never with the console's index.html. */
export const SERVER_PAGE_ROOTS = {
  '/embed': 'embed.html',
  '/classroom': 'classroom.html',
  '/studio': 'studio.html',
} as const;

/** Every root the server answers; a path is under a root when it is the root itself or goes on with
 * `/` (so the console's `/api-keys` is not under `/api`). */
export const SERVER_ROOTS: readonly string[] = [...SERVER_API_ROOTS, ...Object.keys(SERVER_PAGE_ROOTS)];

/** The root a path (with or without its query) is under, if any. */
export function serverRootOf(path: string): string | undefined {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return SERVER_ROOTS.find((root) => pathname === root || pathname.startsWith(`${root}/`));
}

export function isServerPath(path: string): boolean {
  return serverRootOf(path) !== undefined;
}

/** The same test as regular expressions over a URL's path and query (what Workbox's NavigationRoute
 * denylist is matched against). */
export function serverPathPatterns(): RegExp[] {
  return SERVER_ROOTS.map((root) => new RegExp(`^${root.replace(/[/]/g, '\\/')}(?:[/?#]|$)`));
}
