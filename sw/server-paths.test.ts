import { describe, expect, it } from 'vitest';
import { isServerPath, SERVER_ROOTS, serverPathPatterns } from '../contract/server-paths';

// The service worker's navigation denylist (sw/sw.ts) is these patterns, matched as Workbox matches
// them: against a URL's path and query. They must say what the server's own test says
// (contract/server-paths.ts, docs/routes.md "Server pages and the service worker").
const denied = (url: string) => {
  const { pathname, search } = new URL(url, 'https://palco.example');
  return serverPathPatterns().some((pattern) => pattern.test(pathname + search));
};

describe('the service worker’s list of server paths', () => {
  it('leaves every server page to the network, with or without a query', () => {
    for (const url of [
      '/studio/0b6f3a52-1d1e-4c8e-9a55-1f1f3f0c9a01',
      '/studio/0b6f3a52-1d1e-4c8e-9a55-1f1f3f0c9a01/guest?t=eyJhbGciOi.abc.def',
      '/embed/0b6f3a52-1d1e-4c8e-9a55-1f1f3f0c9a01?attendee=x',
      '/embed/vod/0b6f3a52-1d1e-4c8e-9a55-1f1f3f0c9a01',
      '/classroom?liveId=1',
      '/classroom/register?liveId=1',
      '/classroom/chat',
      '/docs',
      '/docs/json',
      '/healthz',
      '/media/users/1/a.jpg',
      '/play/vod/1/token/master.m3u8',
      '/upload/v1/videos/1/source',
      '/whip',
      '/whep/live/1/token',
      '/v1/public/lives/1/playback',
      '/bff/zoom/oauth/callback?code=1',
    ]) {
      expect(denied(url), url).toBe(true);
      expect(isServerPath(url), url).toBe(true);
    }
  });

  it('gives the console every path of its own, also those that begin like a server root', () => {
    for (const url of [
      '/',
      '/api-keys',
      '/streaming/1/panel',
      '/docsx',
      '/studios',
      '/mediateca',
      '/auth/login?redirectTo=%2Fstudio',
    ]) {
      expect(denied(url), url).toBe(false);
      expect(isServerPath(url), url).toBe(false);
    }
  });

  it('has one pattern per root', () => {
    expect(serverPathPatterns()).toHaveLength(SERVER_ROOTS.length);
    expect(SERVER_ROOTS).toEqual(
      expect.arrayContaining(['/studio', '/classroom', '/embed', '/media', '/play']),
    );
  });
});
