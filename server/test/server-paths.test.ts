import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath, SERVER_ROOTS, serverRootOf } from '../../contract/server-paths.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { expectError, startTestServer, type TestServer, writeFakeConsole } from './helpers.ts';

// The one list of paths the server answers itself (contract/server-paths.ts, docs/routes.md "Server
// pages and the service worker"): the console's service worker sends navigations under them to the
// network, and the server never answers the console's index.html under them. Here, the server's side:
// every route it registers is under a listed root, every page under them is its own, and the console's
// routes are under none.

let server: TestServer;
let staticDir: string;
const PAGES = {
  'embed.html': 'palco-embed',
  'classroom.html': 'palco-classroom',
  'studio.html': 'palco-studio',
};

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'palco-server-paths-'));
  await writeFakeConsole(staticDir);
  for (const [file, marker] of Object.entries(PAGES))
    await writeFile(join(staticDir, file), `<!doctype html><html><body><div>${marker}</div></body></html>`);
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server?.close();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

/** A browser's navigation: it asks for a page. */
const navigate = (url: string) =>
  server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

/** The console's own routes, as its router declares them (src/routeTree.gen.ts), with sample params. */
function consoleRoutes(): string[] {
  const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const paths = new Set([...tree.matchAll(/fullPath: '([^']+)'/g)].map((m) => m[1]!.replace(/\$\w+/g, 'x')));
  return [...paths];
}

describe('the paths the server answers itself', () => {
  it('cover every route the server registers (a new server page must be listed), and each root is used', async () => {
    // The built console's files (`GET /*`, @fastify/static) are the only routes outside the list.
    const routes = server.app.routePermissions.filter((r) => r.url !== '/*');
    expect(routes.length).toBeGreaterThan(100);
    const outside = routes.filter((r) => !isServerPath(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(outside).toEqual([]);
    const used = new Set(routes.map((r) => serverRootOf(r.url)));
    expect(SERVER_ROOTS.filter((root) => !used.has(root))).toEqual([]);
  });

  it('answer the viewers’ and presenters’ pages and the API docs to a browser, never the console', async () => {
    const live = DEMO_STREAMS.entrevista.id;
    const pages: Array<[string, string]> = [
      [`/embed/${live}`, 'palco-embed'],
      [`/embed/${live}?attendee=abc`, 'palco-embed'],
      ['/embed/vod/b0000000-0000-4000-8000-000000000001', 'palco-embed'],
      [`/classroom?liveId=${live}`, 'palco-classroom'],
      [`/classroom/register?liveId=${live}`, 'palco-classroom'],
      [`/classroom/chat?liveId=${live}`, 'palco-classroom'],
      [`/studio/${live}`, 'palco-studio'],
      [`/studio/${live}/guest?t=abc.def`, 'palco-studio'],
      ['/docs', 'swagger'],
    ];
    for (const [url, marker] of pages) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.toLowerCase(), url).toContain(marker);
      expect(res.body, url).not.toContain('palco-shell');
    }
  });

  it('answer an unknown path under any of them with the server’s 404, not the console’s page', async () => {
    for (const root of SERVER_ROOTS) {
      const url = `${root}/nothing/here/at-all?x=1`;
      const res = await navigate(url);
      expect(res.body, url).not.toContain('palco-shell');
      expect(expectError(res, 404), url).toBe('Recurso não encontrado');
    }
    // The bare roots of the pages, the media and the WebRTC endpoints, which no route answers.
    for (const url of ['/studio', '/embed', '/media', '/play', '/whep', '/upload'])
      expect(expectError(await navigate(url), 404), url).toBe('Recurso não encontrado');
  });

  it('leave every route of the console to the console', async () => {
    const routes = consoleRoutes();
    expect(routes).toEqual(expect.arrayContaining(['/api-keys', '/streaming/x/panel', '/auth/login']));
    expect(routes.filter((path) => isServerPath(path))).toEqual([]);
    for (const url of routes) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('palco-shell');
    }
  });
});
