import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { bearer } from '../http/schemas.ts';

/**
 * The operationId of a route, from its method and URL only, so it is stable and needs no edit per
 * route: `GET /v1/videos/:id/subtitles` → `getV1VideosByIdSubtitles`, `POST /api/user/login` →
 * `postApiUserLogin`. Parameters read `By<Name>`, a wildcard `Rest`; other characters separate words.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment === '*') return ['Rest'];
      const param = segment.startsWith(':');
      const parts = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parts.map(
        (part, i) => `${param && i === 0 ? 'By' : ''}${part[0]!.toUpperCase()}${part.slice(1)}`,
      );
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

const PUBLIC = [] as const;

/**
 * Collects every route's TypeBox schemas into an OpenAPI document. Registered before the routes so it
 * sees them; the document is served by routes/docs. One onRoute hook fills in, for every documented
 * route, what client generators need and no route has to repeat: an operationId (operationIdOf, unique:
 * a clash stops the server from starting) and its security (`[]` for a public route, the bearer scheme
 * otherwise) unless the route states them.
 */
export default fp(
  async (app) => {
    const taken = new Map<string, string>();
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      if (!route.schema || route.schema.hide || methods.length === 0) return;
      if (methods.length > 1)
        throw new Error(`route ${methods.join(',')} ${route.url}: one method per route`);
      const operationId = route.schema.operationId ?? operationIdOf(methods[0]!, route.url);
      const other = taken.get(operationId);
      if (other && other !== route.url)
        throw new Error(`route ${methods[0]} ${route.url}: operationId ${operationId} is ${other}'s already`);
      taken.set(operationId, route.url);
      const security = route.schema.security ?? (route.config?.permission === 'public' ? PUBLIC : bearer);
      // A copy: routes may share one schema object, and each needs its own operationId.
      route.schema = { ...route.schema, operationId, security: [...security] };
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.config.productName} API`,
          description:
            'The API of the admin console. The contract in prose is docs/api.md; API keys: docs/api-keys.md.',
          version: '0.1.0',
        },
        servers: [{ url: app.config.publicUrl, description: 'This server (PUBLIC_URL)' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description:
                '`Authorization: Bearer <token>` with either a session token (the JWT `POST /api/user/login` ' +
                'answers as `Token`) or an API key (`palco_live_…`, created at /api-keys): a key acts as its ' +
                'creator in one team, limited to its permissions, and is rate-limited per key (429 with ' +
                'Retry-After).',
            },
          },
        },
      },
    });
  },
  { name: 'openapi' },
);
