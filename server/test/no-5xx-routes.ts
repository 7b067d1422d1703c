import type { RouteOptions } from 'fastify';

/** One method of one route, as the walker of no-5xx.test.ts fires at it. */
export interface Route {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  body: boolean;
}

/** Every method of every route; deleting real objects and ending the session come last, so that
 * the rest stay reachable. */
export function routeTable(routes: RouteOptions[]): Route[] {
  const out: Route[] = [];
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      out.push({
        method,
        url: route.url,
        schema: route.schema,
        body: !['GET', 'HEAD', 'OPTIONS'].includes(method),
      });
    }
  }
  const last = (r: Route) => Number(r.method === 'DELETE' || r.url.endsWith('/logout'));
  return out.sort((a, b) => last(a) - last(b));
}

export function hasParams(url: string): boolean {
  return /:\w|\*/.test(url);
}

/** The URL with each `:name` (and `*`) replaced by `value`, or by `pick(name)` when none is given. */
export function fillParams(url: string, pick: (name: string) => string, value?: string): string {
  return url.replace(
    /:(\w+)(?:\([^)]*\))?|\*/g,
    (_m, name: string | undefined) => value ?? pick(name ?? '*'),
  );
}

export function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
