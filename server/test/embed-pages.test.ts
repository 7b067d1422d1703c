import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { startTestServer, type TestServer, writeFakeConsole } from './helpers.ts';

const EMBED_PAGE = '<!doctype html><html><body><div id="player">palco-embed</div></body></html>';
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'palco-embed-'));
  await writeFakeConsole(staticDir);
  await writeFile(join(staticDir, 'embed.html'), EMBED_PAGE);
  server = await startTestServer({ staticDir });
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
