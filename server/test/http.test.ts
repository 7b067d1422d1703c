import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES, DEMO_USERS } from '../src/db/seed.ts';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.ts';
import { lastInvitation } from './admin-helpers.ts';
import {
  bearer,
  expectError,
  FAKE_APP_SCRIPT,
  loginAs,
  startTestServer,
  type TestServer,
  writeFakeCompressedConsole,
  writeFakeConsole,
} from './helpers.ts';

const logLines: string[] = [];
let server: TestServer;
let token: string;
let staticDir: string;

beforeAll(async () => {
  // The console is written before the server starts, as `npm start` does.
  staticDir = await mkdtemp(join(tmpdir(), 'palco-console-'));
  await writeFakeConsole(staticDir);
  await writeFakeCompressedConsole(staticDir);
  server = await startTestServer(
    { staticDir, logLevel: 'info' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  token = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

const EXPECTED_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(EXPECTED_HEADERS)) expect(headers[name], name).toBe(value);
}

describe('security headers', () => {
  it('match the policy the console is built for', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob:; worker-src 'self' blob:; manifest-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
    );
  });

  it('are on API answers, successful or not, with no-store caching', async () => {
    const answers = [
      await server.app.inject({ method: 'GET', url: '/healthz' }),
      await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(token) }),
      await server.app.inject({ method: 'GET', url: '/bff/me' }),
      await server.app.inject({ method: 'POST', url: '/api/user/login', payload: {} }),
      await server.app.inject({ method: 'GET', url: '/v1/nothing-here' }),
      await server.app.inject({ method: 'GET', url: '/docs/json' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 400, 404, 200]);
    for (const res of answers) {
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('are on static files, which cache by kind', async () => {
    const index = await server.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toContain('palco-shell');
    expect(index.headers['cache-control']).toBe('no-cache');

    const sw = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');

    const asset = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');

    for (const res of [index, sw, asset, manifest]) expectSecurityHeaders(res.headers);
  });
});

describe('compressed console files', () => {
  const get = (url: string, encoding?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,*/*', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends the Brotli sibling to a client that accepts br, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(FAKE_APP_SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(FAKE_APP_SCRIPT);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(FAKE_APP_SCRIPT);
    expectSecurityHeaders(gz.headers);
  });

  it('sends the plain file to a client that accepts no encoding, or when there is no sibling', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FAKE_APP_SCRIPT);
    const noSibling = await get('/assets/index-abc123.js', 'br');
    expect(noSibling.headers['content-encoding']).toBeUndefined();
    expect(noSibling.body).toBe('console.log("app");');
  });

  it('compresses the index.html of a client-side route too, and keeps it revalidated', async () => {
    const res = await get('/streaming', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('palco-shell');
  });
});

describe('the console (SPA fallback)', () => {
  it('answers a page request for a client-side route with index.html', async () => {
    for (const url of ['/streaming', '/auth/login?redirectTo=%2Fteams', '/vod/dashboard']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('palco-shell');
      expect(res.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(res.headers);
    }
  });

  it('never answers an API path or a non-page request with index.html', async () => {
    for (const url of ['/v1/nothing', '/bff/nothing', '/api/nothing', '/v2/nothing', '/docs/nothing']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(expectError(res, 404), url).toBe('Recurso não encontrado');
    }
    const script = await server.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expectError(script, 404);
    const post = await server.app.inject({
      method: 'POST',
      url: '/streaming',
      headers: { accept: 'text/html' },
    });
    expectError(post, 404);
  });

  it('does not serve dot files', async () => {
    expectError(await server.app.inject({ method: 'GET', url: '/.env', headers: { accept: '*/*' } }), 404);
  });
});

describe('OpenAPI document', () => {
  it('lists every route with its schemas, at /docs/json', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.sort()).toEqual(
      [
        'POST /api/user/login',
        'GET /bff/me',
        'POST /bff/logout',
        'PUT /bff/me/selected-team',
        'POST /bff/forget-password/send-email',
        'POST /bff/forget-password/update-password',
        'GET /v1/teams',
        'GET /api/cliente',
        'GET /v1/clients/{clientId}/accounts',
        'GET /v2/accounts',
        'GET /healthz',
        // The operator's endpoints (docs/operations.md)
        'GET /readyz',
        'GET /metrics',
        // Video library (docs/api-videos.md)
        'GET /bff/config',
        'GET /media/{accountId}/{videoId}/{token}/{*}',
        'GET /v1/directories',
        'POST /v1/directories',
        'GET /v1/directories/{id}',
        'GET /v1/directories/{id}/settings',
        'POST /v1/contents',
        'POST /v1/videos/vod',
        'GET /v1/videos',
        'GET /v1/videos/transcode/progress',
        'GET /v1/videos/{id}',
        'PATCH /v1/videos/{id}',
        'DELETE /v1/videos/{id}',
        'POST /v1/videos/{id}/thumbnail',
        'POST /v1/videos/{id}/end-screen',
        'GET /v1/analytics/vod/{id}/total-likes',
        'POST /v1/videos/{id}/source',
        'GET /v1/videos/{id}/source',
        'POST /upload/v1/videos/{id}/source',
        'GET /upload/v1/videos/{id}/source',
        'POST /v1/videos/{id}/subtitles/upload',
        'GET /v1/videos/{id}/subtitles',
        'DELETE /v1/videos/{id}/subtitle',
        'POST /v1/videos/{id}/subtitles/job',
        'GET /v1/videos/{id}/subtitles/job',
        // Live streams (docs/api-streams.md)
        'GET /v1/live-streams',
        'POST /v1/live-streams',
        'GET /v1/live-streams/{id}',
        'PATCH /v1/live-streams/{id}',
        'DELETE /v1/live-streams/{id}',
        'PUT /v1/live-streams/{id}/control/{action}',
        'POST /v1/live-streams/{id}/banners/{kind}',
        'DELETE /v1/live-streams/{id}/banners/{kind}',
        'GET /v1/live-streams/{id}/classroom',
        'PUT /v1/live-streams/{id}/classroom',
        'POST /v1/live-streams/{id}/classroom/speakers/{speakerId}/avatar',
        'DELETE /v1/live-streams/{id}/classroom/speakers/{speakerId}/avatar',
        'POST /v1/live-streams/{id}/keys/regenerate',
        'GET /v1/live-streams/{id}/signals/{signalId}/preview',
        'GET /v1/live-streams/{id}/signals/status',
        'POST /v1/live-streams/apply-settings',
        'GET /bff/lives/preset',
        'PUT /bff/lives/preset',
        'POST /bff/whereby/create-csv-rooms',
        'GET /v1/account-users',
        'DELETE /v1/account-users/{userId}',
        'GET /media/streams/{accountId}/{streamId}/{file}',
        'GET /media/live/{accountId}/{streamId}/{signalId}/{token}/{file}',
        // Public playback (docs/playback.md)
        'GET /v1/public/lives/{liveId}/playback',
        'GET /v1/public/videos/{videoId}/playback',
        'GET /play/live/{liveId}/{token}/{*}',
        'GET /play/vod/{videoId}/{token}/{*}',
        // WHEP playback (docs/playback.md "WHEP")
        'POST /whep/live/{liveId}/{token}',
        'DELETE /whep/sessions/{sessionId}',
        // Viewer channel, beacons, viewer counts and the viewer-ID signal (docs/playback.md)
        'GET /v1/public/lives/{liveId}/channel',
        'POST /v1/public/beacons',
        'POST /v1/public/videos/{videoId}/likes',
        'DELETE /v1/public/videos/{videoId}/likes',
        // WHIP ingest (docs/studio.md)
        'POST /whip',
        'DELETE /whip/{sessionId}',
        'OPTIONS /whip',
        'OPTIONS /whip/{sessionId}',
        // Audience analytics and customer support (docs/analytics.md)
        'GET /v1/analytics/lives',
        'GET /v1/analytics/lives/{id}/summary',
        'GET /v1/analytics/lives/{id}/series/{metric}',
        'GET /v1/analytics/lives/{id}/views',
        'GET /v1/analytics/views/{viewId}',
        'GET /v1/analytics/vod',
        'GET /api/eventos',
        'GET /api/sessoes',
        'GET /api/live/l/{id}/details',
        'GET /v1/live-streams/{id}/viewers',
        'POST /v1/live-streams/{id}/viewer-id',
        // Activity logs (docs/api-logs.md)
        'GET /v1/logs',
        'GET /v1/logs/list-event-types',
        // Users, invitations, roles (docs/api-admin.md)
        'GET /v1/users',
        'PATCH /v1/users/{userId}/role',
        'DELETE /v1/users/{userId}',
        'POST /v1/invitations',
        'POST /v1/invitations/{id}/resend',
        'DELETE /v1/invitations/{id}',
        'GET /v1/invitation-links/{token}',
        'POST /v1/invitation-links/{token}/accept',
        'GET /v1/roles',
        'POST /v1/roles',
        'PATCH /v1/roles/{roleId}',
        'DELETE /v1/roles/{roleId}',
        'GET /v1/permissions',
        // Account settings and own profile (docs/api-admin.md)
        'GET /v1/account/settings',
        'PATCH /v1/account/settings',
        'PATCH /v1/me/profile',
        'POST /v1/me/password',
        'POST /v1/me/sign-out-others',
        'POST /v1/me/avatar',
        'POST /v1/account/logo',
        // Two-factor sign-in (docs/api-admin.md)
        'GET /v1/me/2fa',
        'POST /v1/me/2fa/setup',
        'POST /v1/me/2fa/enable',
        'POST /v1/me/2fa/disable',
        'POST /api/user/login/2fa',
        // The client's teams (docs/api-admin.md)
        'GET /v1/client-teams',
        'POST /v1/client-teams',
        'PATCH /v1/client-teams/{teamId}',
        'POST /v1/client-teams/{teamId}/thumbnail',
        'GET /v1/client-teams/{teamId}/members',
        'GET /v1/clients',
        'GET /v1/members',
        'POST /v1/members',
        'DELETE /v1/members/{userId}',
        'GET /media/teams/{id}/{file}',
        'GET /media/users/{id}/{file}',
        // The account websocket (docs/realtime.md)
        'GET /ws/{contaId}',
        'GET /v1/realtime/sockets',
        // Overlays and the classroom (docs/classroom.md)
        'GET /v1/accounts/{accountId}/overlays',
        'POST /v1/accounts/{accountId}/overlays',
        'PATCH /v1/accounts/{accountId}/overlays/{overlayId}',
        'DELETE /v1/accounts/{accountId}/overlays/{overlayId}',
        'POST /v1/accounts/{accountId}/overlays/{overlayId}/image',
        'GET /v1/live-streams/{id}/overlays',
        'PUT /v1/live-streams/{id}/overlays',
        'GET /media/overlays/{accountId}/{file}',
        'GET /bff/classroom/{liveId}',
        'POST /v1/studio/lives/participantes',
        'GET /v1/public/classroom/{liveId}/chat',
        'POST /v1/public/classroom/{liveId}/chat',
        // The browser studio's guests (docs/studio.md "Studio page and guests")
        'POST /v1/live-streams/{id}/studio/guest-link',
        'DELETE /v1/live-streams/{id}/studio/guest-link',
        'GET /v1/live-streams/{id}/studio/guests',
        'PUT /v1/live-streams/{id}/studio/guests/{guestId}/{action}',
        'GET /v1/studio/lives/{liveId}/guest-link',
        'GET /v1/studio/guests/{guestId}',
        'DELETE /v1/studio/guests/{guestId}',
        'POST /v1/studio/guests/{guestId}/whip',
        'DELETE /v1/studio/guests/{guestId}/whip/{sessionId}',
        'POST /v1/live-streams/{id}/studio/guests/{guestId}/whep',
        'DELETE /v1/live-streams/{id}/studio/guests/{guestId}/whep/{sessionId}',
        'POST /v1/live-streams/{id}/studio/chat',
        // API keys (docs/api-keys.md)
        'GET /v1/api-keys',
        'GET /v1/api-keys/scopes',
        'POST /v1/api-keys',
        'DELETE /v1/api-keys/{id}',
        // Usage (docs/billing.md)
        'GET /v1/billing/usage',
        'POST /v1/billing/usage/rebuild',
        'GET /v1/billing/statements',
        'GET /v1/clients/{clientId}/plan',
        'PUT /v1/clients/{clientId}/plan',
        'DELETE /v1/clients/{clientId}/plan',
        'POST /v1/clients/{clientId}/block',
        'POST /v1/clients/{clientId}/unblock',
        // Webhooks (docs/webhooks.md)
        'GET /v1/webhooks',
        'POST /v1/webhooks',
        'DELETE /v1/webhooks/{id}',
        'GET /v1/webhooks/{id}/deliveries',
        'POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
        // Tencent Cloud, YouTube, Facebook Live (docs/integrations.md)
        'GET /bff/tencent/vod/importacao-ativa',
        'PUT /bff/tencent/vod/importacao-ativa',
        'POST /bff/tencent/vod/migra-gravacoes',
        'DELETE /bff/tencent/vod/migra-gravacoes',
        'GET /bff/simulcast/{liveId}',
        'POST /bff/palco-youtube/oauth',
        'GET /bff/palco-youtube/oauth',
        'GET /bff/palco-youtube/oauth/callback',
        'GET /bff/palco-youtube/importacao-ativa',
        'PUT /bff/palco-youtube/importacao-ativa',
        'POST /bff/palco-youtube/deauthorize',
        'GET /bff/palco-youtube/videos',
        'POST /bff/facebook/oauth',
        'GET /bff/facebook/oauth',
        'GET /bff/facebook/oauth/callback',
        'GET /bff/facebook/status',
        'PUT /bff/facebook/status',
        'POST /bff/facebook/deauthorize',
        // The dashboard (docs/decisions.md)
        'GET /v1/dashboard',
        // Integrations (docs/integrations.md)
        'GET /bff/integrations/providers',
        'POST /bff/zoom/oauth',
        'GET /bff/zoom/oauth',
        'POST /bff/zoom/oauth-multi',
        'GET /bff/zoom/oauth-multi',
        'GET /bff/zoom/oauth/callback',
        'POST /bff/zoom/webhook',
        'GET /bff/zoom/status-token',
        'GET /bff/zoom/status-token-multi',
        'PUT /bff/zoom/importacao-ativa',
        'PUT /bff/zoom/importacao-ativa-multi',
        'POST /bff/zoom/deauthorize',
        'POST /bff/zoom/deauthorize-multi',
        'POST /bff/google-meet/oauth',
        'GET /bff/google-meet/oauth',
        'GET /bff/google-meet/oauth/callback',
        'GET /bff/google-meet/importacao-ativa',
        'PUT /bff/google-meet/importacao-ativa',
        'POST /bff/google-meet/deauthorize',
      ].sort(),
    );
    const me = doc.paths['/bff/me'].get;
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(me.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'contasCargos',
      'permissoes',
      'user',
    ]);
    for (const ops of Object.values(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const op of Object.values(ops)) expect(Object.keys(op.responses).length).toBeGreaterThan(1);
    }
  });
});

describe('garbage input never causes a 500', () => {
  const login = (payload: string, contentType = 'application/json') =>
    server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers malformed JSON with 400', async () => {
    for (const payload of [
      '{',
      '{"login": ',
      'null',
      '[]',
      '"text"',
      '42',
      '{"login":"a@b.co","password":"x"}}',
    ]) {
      const res = await login(payload);
      expect(res.statusCode, payload).toBe(400);
      expectError(res, 400);
    }
    expect(expectError(await login('{'), 400)).toBe('O corpo da requisição não é um JSON válido');
    expect(expectError(await login(''), 400)).toBe('O corpo da requisição não é um JSON válido');
  });

  it('refuses prototype pollution attempts', async () => {
    expectError(await login('{"__proto__":{"admin":true},"login":"a@b.co","password":"x"}'), 400);
  });

  it('answers a wrong content type with 415', async () => {
    const res = await login('login=owner@palco.test&password=palco123', 'application/x-www-form-urlencoded');
    expect(expectError(res, 415)).toBe('Tipo de conteúdo não suportado: envie application/json');
    expectError(await login('<xml/>', 'application/xml'), 415);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const huge = JSON.stringify({ login: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(expectError(await login(huge), 413)).toBe('O corpo da requisição é grande demais');
  });

  it('answers huge strings, wrong types and bad ids with 400', async () => {
    expectError(await login(JSON.stringify({ login: `${'a'.repeat(500_000)}@x.co`, password: 'x' })), 400);
    expectError(await login(JSON.stringify({ login: { $ne: null }, password: { $gt: '' } })), 400);
    expectError(await login(JSON.stringify({ login: 'a@b.co', password: true })), 400);
    const badId = await server.app.inject({
      method: 'GET',
      url: "/v1/clients/'; drop table users;--/accounts",
      headers: bearer(token),
    });
    expectError(badId, 400);
    const longId = await server.app.inject({
      method: 'GET',
      url: `/v2/accounts?accountId=${'9'.repeat(10_000)}`,
      headers: bearer(token),
    });
    expectError(longId, 400);
  });

  it('survives garbage on every route of the OpenAPI document', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const garbageBodies = [
      '{',
      '[]',
      'null',
      '{"a":1}',
      JSON.stringify({ x: 'y'.repeat(10_000) }),
      '"\u0000"',
    ];
    const garbageQueries = [
      '',
      '?accountId=%00',
      '?accountId=../../etc/passwd',
      '?subConta=%ff&limit=-1&search=%E0%A4%A',
      `?accountId=${DEMO_ACCOUNTS.contaBloqueada.id}`,
    ];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) {
        // Logout would end the session the other calls use.
        if (path === '/bff/logout') continue;
        for (const rawPath of [
          path.replace(/\{[^}]+\}/g, 'zz%20top'),
          path.replace(/\{[^}]+\}/g, 'x'.repeat(3000)),
        ]) {
          for (const query of garbageQueries) {
            for (const body of method === 'get' ? [undefined] : garbageBodies) {
              const res = await server.app.inject({
                method: method.toUpperCase() as 'GET',
                url: `${rawPath}${query}`,
                headers: { ...bearer(token), 'content-type': 'application/json' },
                ...(body === undefined ? {} : { payload: body }),
              });
              expect(res.statusCode, `${method} ${rawPath}${query} ${body ?? ''}`).toBeLessThan(500);
              // Pages for a person (the integrations' popups) may answer HTML where the document says so.
              const declared = ops[method] as { responses?: Record<string, { content?: object }> };
              const types = Object.keys(declared.responses?.[String(res.statusCode)]?.content ?? {});
              const page =
                types.includes('text/html') && /^text\/html/.test(String(res.headers['content-type'] ?? ''));
              if (res.statusCode >= 400 && !page) expectError(res, res.statusCode);
            }
          }
        }
      }
    }
  }, 180_000);
});

describe('languages', () => {
  it('answers pt-BR by default and for anything but en', async () => {
    for (const lang of [undefined, 'pt-BR', 'es', 'fr-FR,en;q=0.5']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/v1/nothing',
        headers: lang ? { 'accept-language': lang } : {},
      });
      expect(expectError(res, 404), String(lang)).toBe('Recurso não encontrado');
    }
    for (const lang of ['en', 'en-GB', 'EN-us,pt;q=0.5']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/v1/nothing',
        headers: { 'accept-language': lang },
      });
      expect(expectError(res, 404), lang).toBe('Not found');
    }
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or recovery secrets, but do contain the mail link', async () => {
    const secretToken = await loginAs(server.app, DEMO_USERS.staff.login);
    await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(secretToken) });
    await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"login":"staff@palco.test","password":"wrong-but-secret"',
      headers: { 'content-type': 'application/json' },
    });
    await server.app.inject({
      method: 'POST',
      url: '/bff/forget-password/update-password',
      payload: { email: 'staff@palco.test', token: 'x', hash: 'hash-secret-value', newPassword: 'np-secret' },
    });
    await server.app.inject({
      method: 'GET',
      url: '/auth/recover-password/new?email=a%40b.co&token=tok-secret-value&hash=hash-secret-in-url',
      headers: { accept: 'text/html' },
    });
    await server.app.inject({
      method: 'POST',
      url: '/bff/forget-password/send-email',
      payload: { email: DEMO_USERS.staff.login },
    });
    await server.app.backgroundIdle();

    const all = logLines.join('');
    expect(all).toContain('"url":"/api/user/login"');
    for (const secret of [
      DEMO_PASSWORD,
      secretToken,
      'wrong-but-secret',
      'hash-secret-value',
      'np-secret',
      'tok-secret-value',
      'hash-secret-in-url',
      '$argon2',
    ]) {
      expect(all, secret).not.toContain(secret);
    }
    const mailLine = logLines.map((l) => JSON.parse(l)).find((l) => l.msg?.startsWith('no SMTP_URL'));
    expect(mailLine?.link).toMatch(
      /\/auth\/recover-password\/new\?email=staff%40palco\.test&token=.+&hash=.+/,
    );
  });
});

describe('logged URLs', () => {
  it('never carry the secrets that sit in a path: invitation links, media tokens, signed media', async () => {
    const owner = await loginAs(server.app, DEMO_USERS.owner.login);
    const invited = await server.app.inject({
      method: 'POST',
      url: `/v1/invitations?accountId=${DEMO_ACCOUNTS.demoProducoes.id}`,
      headers: bearer(owner),
      payload: { email: 'segredo.no.log@palco.test', roleId: DEMO_ROLES.operadorDemo.id },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // Without SMTP_URL the mail's link is logged (its secrets redacted, README); the requests after it are the subject.
    const invitation = await lastInvitation(server, 'segredo.no.log@palco.test');
    const from = logLines.length;
    const mediaToken = 'media-token-secret-0123456789';
    const signature = '1999999999.signature-secret-abcdef';
    for (const url of [
      `/v1/invitation-links/${invitation}`,
      `/auth/invite/${invitation}`,
      `/play/vod/${DEMO_ACCOUNTS.demoProducoes.id}/${mediaToken}/master.m3u8`,
      `/play/live/${DEMO_ACCOUNTS.demoProducoes.id}/${mediaToken}/master.m3u8`,
      `/media/live/${DEMO_ACCOUNTS.demoProducoes.id}/s/sig/${mediaToken}/index.m3u8`,
      `/media/${DEMO_ACCOUNTS.demoProducoes.id}/v/${signature}/master.m3u8`,
    ])
      await server.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
        remoteAddress: '10.24.5.1',
      });
    const accepted = await server.app.inject({
      method: 'POST',
      url: `/v1/invitation-links/${invitation}/accept`,
      payload: { name: 'Segredo', password: 'segredo1' },
      remoteAddress: '10.24.5.2',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await server.app.backgroundIdle();

    const requests = logLines
      .slice(from)
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((line) => (line.req ? [line.req.url] : []));
    // The routes are still there to read, the secrets are not.
    expect(requests).toContain('/v1/invitation-links/[Redacted]/accept');
    expect(requests).toContain(`/play/vod/${DEMO_ACCOUNTS.demoProducoes.id}/[Redacted]/master.m3u8`);
    const all = logLines.slice(from).join('');
    for (const secret of [invitation, mediaToken, 'signature-secret-abcdef'])
      expect(all, secret).not.toContain(secret);
  });
});

describe('logged URLs, query secrets', () => {
  it("never carry a viewer's signed session nor a live manifest's viewer mark", async () => {
    const owner = await loginAs(server.app, DEMO_USERS.owner.login);
    const created = await server.app.inject({
      method: 'POST',
      url: `/v1/live-streams?accountId=${DEMO_ACCOUNTS.demoProducoes.id}`,
      headers: bearer(owner),
      payload: {
        nome: 'Sessões fora do log',
        scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const liveId = created.json<{ id: string }>().id;
    const first = await server.app.inject({ method: 'GET', url: `/v1/public/lives/${liveId}/playback` });
    expect(first.statusCode, first.body).toBe(200);
    const sessionId = first.json<{ sessionId: string }>().sessionId;
    expect(sessionId.length).toBeGreaterThan(20);
    const from = logLines.length;
    // A player sends its session back (docs/playback.md) and fetches the manifest with its mark.
    const again = await server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${liveId}/playback?sessionId=${encodeURIComponent(sessionId)}`,
    });
    expect(again.statusCode, again.body).toBe(200);
    const mark = 'viewer-mark-secret-0123456789';
    await server.app.inject({ method: 'GET', url: `/play/live/${liveId}/media-token/master.m3u8?v=${mark}` });
    // WHEP: the token and the mark in the offer's URL, the session's capability in its Location.
    await server.app.inject({
      method: 'POST',
      url: `/whep/live/${liveId}/whep-token-secret?v=${mark}`,
      headers: { 'content-type': 'application/sdp' },
      payload: 'v=0\r\n',
    });
    await server.app.inject({ method: 'DELETE', url: '/whep/sessions/whepSessionSecret0123456' });
    await server.app.backgroundIdle();

    const requests = logLines
      .slice(from)
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((line) => (line.req ? [line.req.url] : []));
    expect(requests).toContain(`/v1/public/lives/${liveId}/playback?sessionId=[Redacted]`);
    expect(requests).toContain(`/play/live/${liveId}/[Redacted]/master.m3u8?v=[Redacted]`);
    expect(requests).toContain(`/whep/live/${liveId}/[Redacted]?v=[Redacted]`);
    expect(requests).toContain('/whep/sessions/[Redacted]');
    const all = logLines.slice(from).join('');
    for (const secret of [
      sessionId,
      encodeURIComponent(sessionId),
      mark,
      'whep-token-secret',
      'whepSessionSecret',
    ])
      expect(all, secret).not.toContain(secret);
  });
});

describe('health and failures', () => {
  it('reports health', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ ok: true });
  });

  // Last: it takes the database away.
  it('hides the details of internal errors', async () => {
    await server.app.db.destroy();
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(expectError(health, 503)).toBe('Serviço indisponível');
    const res = await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(token) });
    expect(expectError(res, 500)).toBe('Aconteceu um erro interno...');
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    const en = await server.app.inject({
      method: 'GET',
      url: '/bff/me',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(expectError(en, 500)).toBe('An internal error occurred...');
    expectSecurityHeaders(res.headers);
  });
});
