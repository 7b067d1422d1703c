import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { NOT_SECRET_NAMES, redactText, SECRET_NAMES } from '../src/lib/log-redaction.ts';
import { createTestStore, type TestStore, testConfig, writeFakeConsole } from './helpers.ts';

// docs/security.md "No secret in the server's log": every route that carries a secret in a path
// segment or a query parameter is called with a known secret, and the server's whole log output (at
// trace level, so every line any code writes) must never contain it. The routes come from the route
// table itself, so a new route with a secret parameter is walked without anyone listing it here, and
// a parameter name nobody has classified fails the suite.

const SECRET = 'S3cretLogToken_0123456789abcdef';
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const SOME_ID = '6d1f1c3a-9a55-4a4f-9a51-0b6f1f0a2b3c';

let store: TestStore;
let app: FastifyInstance;
const routes: RouteOptions[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  store = await createTestStore();
  const staticDir = join(store.dataDir, 'console');
  await writeFakeConsole(staticDir);
  for (const page of ['embed.html', 'studio.html', 'classroom.html']) {
    await writeFile(join(staticDir, page), `<!doctype html><html><body>${page}</body></html>`);
  }
  app = await buildApp(testConfig(store, { staticDir, logLevel: 'trace' }), {
    logStream: { write: (line: string) => void logLines.push(line) },
    onRoute: (route) => void routes.push(route),
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.dispose();
});

interface Walked {
  method: string;
  url: string;
  pathSecrets: string[];
  querySecrets: string[];
}

function schemaNames(part: unknown): string[] {
  const properties = (part as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

function pathNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
}

/** Every method of every route whose path or query declares a secret parameter. */
function secretRoutes(): Walked[] {
  const out: Walked[] = [];
  for (const route of routes) {
    const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown };
    const pathSecrets = pathNames(route.url).filter((n) => SECRET_NAMES.includes(n));
    const querySecrets = schemaNames(schema.querystring).filter((n) => SECRET_NAMES.includes(n));
    if (pathSecrets.length + querySecrets.length === 0) continue;
    for (const method of [route.method].flat())
      out.push({ method, url: route.url, pathSecrets, querySecrets });
  }
  return out;
}

function fill(route: Walked): string {
  const path = route.url.replace(/:(\w+)(?:\([^)]*\))?|\*/g, (_m, name: string | undefined) => {
    if (name === undefined) return 'hls/master.m3u8';
    if (SECRET_NAMES.includes(name)) return SECRET;
    if (name === 'accountId') return DEMO;
    if (name === 'file') return 'index.m3u8';
    if (name === 'action') return 'admit';
    return SOME_ID;
  });
  const query = [...route.querySecrets.map((n) => `${n}=${SECRET}`), `accountId=${DEMO}`];
  return `${path}?${query.join('&')}`;
}

describe('the route table', () => {
  it('names every path and query parameter as a secret or as reviewed harmless, never both', () => {
    expect(routes.length).toBeGreaterThan(200);
    const unclassified = new Set<string>();
    for (const route of routes) {
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown };
      for (const name of [
        ...pathNames(route.url),
        ...schemaNames(schema.params),
        ...schemaNames(schema.querystring),
      ])
        if (!SECRET_NAMES.includes(name) && !NOT_SECRET_NAMES.includes(name))
          unclassified.add(`${route.url}: ${name}`);
    }
    // A new parameter: add its name to SECRET_NAMES or NOT_SECRET_NAMES in server/src/lib/log-redaction.ts.
    expect([...unclassified]).toEqual([]);
    expect(SECRET_NAMES.filter((n) => NOT_SECRET_NAMES.includes(n))).toEqual([]);
  });

  it('walks the routes that carry a guest link, an attendee, a playback token or an OAuth code', () => {
    const walked = new Set(secretRoutes().map((r) => r.url));
    for (const url of [
      '/studio/:liveId/guest',
      '/v1/studio/lives/:liveId/guest-link',
      '/embed/:liveId',
      '/v1/public/lives/:liveId/playback',
      '/v1/public/videos/:videoId/playback',
      '/play/vod/:videoId/:token/*',
      '/play/live/:liveId/:token/*',
      '/media/:accountId/:videoId/:token/*',
      '/media/live/:accountId/:streamId/:signalId/:token/:file',
      '/v1/invitation-links/:token/accept',
      '/whep/live/:liveId/:token',
      '/whep/sessions/:sessionId',
      '/bff/zoom/oauth/callback',
      '/bff/google-meet/oauth/callback',
      '/bff/facebook/oauth/callback',
      '/bff/palco-youtube/oauth/callback',
      '/bff/zoom/oauth',
    ])
      expect(walked, url).toContain(url);
  });
});

describe('the log', () => {
  it('never carries a secret of any route that takes one, whatever the answer', async () => {
    const walk = secretRoutes();
    const leaks: string[] = [];
    const unlogged: string[] = [];
    for (const route of walk) {
      const url = fill(route);
      const from = logLines.length;
      const res = await app.inject({
        method: route.method as 'GET',
        url,
        headers: { accept: 'text/html', 'content-type': 'application/json' },
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: '{}' } : {}),
      });
      expect(res.statusCode, `${route.method} ${url}: ${res.body}`).toBeLessThan(500);
      await app.backgroundIdle();
      const lines = logLines.slice(from);
      if (lines.some((line) => line.includes(SECRET))) leaks.push(`${route.method} ${route.url}`);
      // The request is still in the log, with its secret replaced.
      const urls = lines.flatMap((line) => {
        const req = (JSON.parse(line) as { req?: { url?: string } }).req;
        return req?.url ? [req.url] : [];
      });
      if (!urls.some((u) => u.includes('[Redacted]'))) unlogged.push(`${route.method} ${route.url}`);
    }
    expect(walk.length).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
    expect(unlogged).toEqual([]);
  });

  it('never carries the secret of a console page link (invitation, password recovery)', async () => {
    const from = logLines.length;
    for (const url of [
      `/auth/invite/${SECRET}`,
      `/auth/recover-password/new?email=a%40palco.test&token=${SECRET}&hash=${SECRET}`,
    ])
      await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const lines = logLines.slice(from);
    expect(lines.join('\n')).toContain('/auth/invite/[Redacted]');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('redacts a secret in any text a line carries: a message quoting a URL, a stack, an RTMP target', () => {
    const text = JSON.stringify({
      msg: `Reply was already sent in "/play/vod/${SOME_ID}/1795936800.${SECRET}/hls/master.m3u8" (GET)`,
      err: { stack: `Error at /studio/${SOME_ID}/guest?t=${SECRET}&x=1\n    at refusal` },
      stderr: `[tls] rtmps://live-api-s.facebook.com:443/rtmp/${SECRET}: I/O error`,
      link: `https://palco.example/bff/zoom/oauth/callback?code=${SECRET}&state=${SECRET}`,
    });
    const redacted = redactText(text);
    expect(redacted).not.toContain(SECRET);
    expect(redacted).toContain(`/play/vod/${SOME_ID}/[Redacted]/hls/master.m3u8`);
    expect(redacted).toContain(`/studio/${SOME_ID}/guest?t=[Redacted]&x=1`);
    expect(redacted).toContain('rtmps://live-api-s.facebook.com:443/rtmp/[Redacted]');
    expect(redacted).toContain('callback?code=[Redacted]&state=[Redacted]');
    // Still a JSON line.
    expect(() => JSON.parse(redacted)).not.toThrow();
    // Public images, whose random name is no one's secret, stay readable (the router never takes them
    // for signed media either).
    const image = `/media/streams/${DEMO}/${SOME_ID}/banner-0123456789ab.jpg`;
    expect(redactText(image)).toBe(image);
    expect(redactText(`/media/${DEMO}/${SOME_ID}/1795936800.${SECRET}/hls/master.m3u8`)).toBe(
      `/media/${DEMO}/${SOME_ID}/[Redacted]/hls/master.m3u8`,
    );
  });
});
