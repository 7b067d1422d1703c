import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import type { Security } from '../src/db/tables/streams.ts';
import { startTestServer, type TestServer, writeFakeConsole } from './helpers.ts';

const EMBED_PAGE = '<!doctype html><html><body><div id="player">palco-embed</div></body></html>';
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'palco-embed-'));
  await writeFakeConsole(staticDir);
  await writeFile(join(staticDir, 'embed.html'), EMBED_PAGE);
  server = await startTestServer({ staticDir, trustedCountryHeader: 'cf-ipcountry' });
});
afterAll(async () => {
  await server?.close();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

const page = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('the embed player page', () => {
  it('is served at /embed/{liveId}, never the console, framed only by the authorized domains', async () => {
    // Seeded with one authorized domain (palco.example).
    const res = await page(`/embed/${DEMO_STREAMS.entrevista.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('palco-embed');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self' palco.example:*");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('may be framed by any site when the live has no authorized domains, and for a VOD video', async () => {
    for (const url of [
      `/embed/${DEMO_STREAMS.aulaInaugural.id}`,
      '/embed/vod/b0000000-0000-4000-8000-000000000001',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('palco-embed');
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('*');
    }
  });

  it('answers the page (which says "not found") for an unknown or malformed id, never a 5xx', async () => {
    for (const url of ['/embed/f0000000-0000-4000-8000-0000000000ff', '/embed/not-a-uuid', '/embed/vod/x']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('palco-embed');
    }
  });

  it('leaves the console unframeable', async () => {
    const res = await page('/streaming');
    expect(res.body).toContain('palco-shell');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

// docs/playback.md "Startup time: the answer in the page": the page carries the playback answer the
// endpoint would give this viewer, when its navigation tells the page's origin, and nothing otherwise.
describe('the playback answer rendered into the embed page', () => {
  const live = DEMO_STREAMS.aulaInaugural.id;
  const TOP = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };
  const framedBy = (site: string) => ({
    'sec-fetch-dest': 'iframe',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'cross-site',
    referer: `${site}/some/article?x=1`,
  });
  const visit = (url: string, headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const endpoint = (id: string, headers: Record<string, string>, origin?: string) =>
    server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${id}/playback${origin ? `?origin=${encodeURIComponent(origin)}` : ''}`,
      headers,
    });
  /** The rendered answer, parsed as the page parses it (the element's text), or null. */
  const renderedOf = (body: string) => {
    const m = /<script type="application\/json" id="palco-playback">([^<]*)<\/script>/.exec(body);
    return m
      ? (JSON.parse(m[1]!) as { origin: string | null; attendee: boolean; info: Record<string, unknown> })
      : null;
  };
  const setSecurity = (id: string, security: Security) =>
    server.app.db
      .updateTable('live_streams')
      .set({ security: JSON.stringify(security) })
      .where('id', '=', id)
      .execute();
  const OPEN: Security = { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] };

  it('carries the endpoint’s answer for a top-level visit, never to be cached', async () => {
    await setSecurity(live, { ...OPEN, referrerWhitelist: ['palco.example'] });
    const res = await visit(`/embed/${live}`, TOP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rendered = renderedOf(res.body);
    expect(rendered).not.toBeNull();
    expect(rendered?.origin).toBeNull();
    const fetched = (await endpoint(live, {})).json<Record<string, unknown>>();
    // The same answer as the endpoint's but for what each answer issues anew (its session and token).
    const fixed = (info: Record<string, unknown>) => {
      const { sessionId, viewerId, manifestUrl, whepUrl, expiresAt, ...rest } = info;
      return rest;
    };
    expect(Object.keys(rendered?.info ?? {}).sort()).toEqual(Object.keys(fetched).sort());
    expect(fixed(rendered?.info ?? {})).toEqual(fixed(fetched));
    expect(rendered?.info.sessionId).toEqual(expect.any(String));
    expect(res.body).toContain('palco-embed');
  });

  it('carries it for a frame on an authorized site, not for one the list refuses (as the endpoint)', async () => {
    await setSecurity(live, { ...OPEN, referrerWhitelist: ['palco.example'] });
    const allowed = await visit(`/embed/${live}`, framedBy('https://palco.example'));
    expect(renderedOf(allowed.body)?.origin).toBe('https://palco.example');
    expect((await endpoint(live, {}, 'https://palco.example')).statusCode).toBe(200);

    const refused = await visit(`/embed/${live}`, framedBy('https://other.example'));
    expect(refused.statusCode).toBe(200);
    expect(renderedOf(refused.body)).toBeNull();
    expect(refused.body).not.toContain('sessionId');
    expect(refused.headers['cache-control']).toBe('no-cache');
    expect((await endpoint(live, {}, 'https://other.example')).json<{ reason: string }>().reason).toBe(
      'domain_not_allowed',
    );
  });

  it('carries nothing for a geoblocked viewer (as the endpoint)', async () => {
    await setSecurity(live, { geoAccessControl: 'block', geoRegionList: ['BR'], referrerWhitelist: [] });
    const blocked = await visit(`/embed/${live}`, { ...TOP, 'cf-ipcountry': 'BR' });
    expect(renderedOf(blocked.body)).toBeNull();
    expect((await endpoint(live, { 'cf-ipcountry': 'BR' })).json<{ reason: string }>().reason).toBe(
      'geo_blocked',
    );
    expect(renderedOf((await visit(`/embed/${live}`, { ...TOP, 'cf-ipcountry': 'PT' })).body)).not.toBeNull();
    await setSecurity(live, OPEN);
  });

  it('carries nothing when the navigation does not tell the page’s origin for certain', async () => {
    await setSecurity(live, OPEN);
    const { referer: _, ...noReferer } = framedBy('https://palco.example');
    for (const headers of [
      {}, // no Fetch Metadata (an older browser)
      noReferer, // a frame under a no-referrer policy
      { ...TOP, 'sec-purpose': 'prefetch' }, // a prefetch: no session for a page nobody opened
      { ...framedBy('https://palco.example'), 'sec-fetch-dest': 'embed' },
    ]) {
      const res = await visit(`/embed/${live}`, headers);
      expect(res.statusCode).toBe(200);
      expect(renderedOf(res.body), JSON.stringify(headers)).toBeNull();
    }
    // An unknown live: the page asks, and shows the endpoint's "not found".
    expect(renderedOf((await visit('/embed/f0000000-0000-4000-8000-0000000000ff', TOP)).body)).toBeNull();
  });

  it('escapes what the answer carries so that nothing in it can end the script element', async () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    await server.app.db.updateTable('live_streams').set({ nome: title }).where('id', '=', live).execute();
    const res = await visit(`/embed/${live}`, TOP);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(renderedOf(res.body)?.info.title).toBe(title);
  });
});
