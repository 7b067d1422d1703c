import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/openapi.ts';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.ts';
import { PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string; description?: string }> };
}

describe('the OpenAPI document, for client generators', () => {
  it('gives every operation a unique operationId from its method and path, its security, and the server', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<Document>();
    expect(doc.servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearerAuth?.description).toMatch(/API key.*palco_live_/);
    const publicRoutes = new Set(
      server.app.routePermissions.filter((r) => r.permission === 'public').map((r) => `${r.method} ${r.url}`),
    );
    const ids: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace('{*}', '*').replace(/\{(\w+)\}/g, ':$1');
        expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, url));
        ids.push(op.operationId!);
        const isPublic = publicRoutes.has(`${method.toUpperCase()} ${url}`);
        expect(op.security, `${method} ${path}`).toEqual(isPublic ? [] : [{ bearerAuth: [] }]);
      }
    }
    expect(ids.length).toBeGreaterThan(75);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/videos/{id}/subtitles']?.get?.operationId).toBe('getV1VideosByIdSubtitles');
    expect(doc.paths['/api/user/login']?.post).toMatchObject({
      operationId: 'postApiUserLogin',
      security: [],
    });
  });

  it('derives ids for routes added later in the same style, with no edit', () => {
    expect(operationIdOf('DELETE', '/v1/webhooks/:id/deliveries/:deliveryId')).toBe(
      'deleteV1WebhooksByIdDeliveriesByDeliveryId',
    );
    expect(operationIdOf('GET', '/v1/billing/usage-daily')).toBe('getV1BillingUsageDaily');
    expect(operationIdOf('GET', '/media/:accountId/*')).toBe('getMediaByAccountIdRest');
  });
});

describe('the API reference page', () => {
  it('serves Swagger UI at /docs, rendering /docs/json, within the content security policy', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    // Scripts from 'self' only: no inline script in the page.
    expect(page.body).not.toMatch(/<script>|<script\s+(?![^>]*\bsrc=)/);
    const sources = [...page.body.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual([
      '/docs/static/favicon-32x32.png',
      '/docs/static/swagger-ui.css',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/static/init.js',
    ]);
    for (const url of sources)
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const init = await server.app.inject({ method: 'GET', url: '/docs/static/init.js' });
    expect(init.body).toContain("url: '/docs/json'");
    const bundle = await server.app.inject({
      method: 'GET',
      url: '/docs/static/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(gunzipSync(bundle.rawPayload).toString()).toContain('SwaggerUIBundle');
    // Nothing else of the package's folder is reachable.
    for (const url of [
      '/docs/static/package.json',
      '/docs/static/..%2Fpackage.json',
      '/docs/static/index.html',
    ])
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
  });
});
