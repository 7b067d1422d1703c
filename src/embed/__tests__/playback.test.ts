import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPlayback, renewDelay } from '../playback';
import { fixtureServer, playbackInfo } from './fixture';

const LIVE = 'f0000000-0000-4000-8000-000000000001';
let api: Awaited<ReturnType<typeof fixtureServer>>;

beforeAll(async () => {
  api = await fixtureServer((req) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const refuse = (status: number, reason: string) => ({
      status,
      body: JSON.stringify({ statusCode: status, error: 'Forbidden', message: 'no', reason }),
    });
    if (url.pathname === `/v1/public/lives/${LIVE}/playback`) {
      const origin = url.searchParams.get('origin');
      if (origin === 'https://blocked.example') return refuse(403, 'domain_not_allowed');
      if (origin === 'https://far.example') return refuse(403, 'geo_blocked');
      return { status: 200, body: JSON.stringify(playbackInfo()) };
    }
    if (url.pathname.startsWith('/v1/public/videos/')) return refuse(404, 'not_found');
    if (url.pathname === '/v1/public/lives/broken/playback') return { status: 500, body: 'oops' };
    return { status: 404, type: 'text/html', body: '<html></html>' };
  });
});
afterAll(() => api.close());

describe('asking the playback endpoint', () => {
  it('answers the PlaybackInfo, asked for the embedding origin, with no cookie sent', async () => {
    const result = await fetchPlayback(api.url, { kind: 'live', id: LIVE }, 'https://site.example');
    expect(result).toEqual({ ok: true, info: playbackInfo() });
    const req = api.requests.at(-1);
    expect(req?.url).toBe(
      `/v1/public/lives/${LIVE}/playback?origin=${encodeURIComponent('https://site.example')}`,
    );
    expect(req?.headers.cookie).toBeUndefined();
    expect(req?.headers.authorization).toBeUndefined();
  });

  it("turns the endpoint's refusals into their reasons", async () => {
    const live = { kind: 'live', id: LIVE } as const;
    expect(await fetchPlayback(api.url, live, 'https://blocked.example')).toEqual({
      ok: false,
      reason: 'domain_not_allowed',
    });
    expect(await fetchPlayback(api.url, live, 'https://far.example')).toEqual({
      ok: false,
      reason: 'geo_blocked',
    });
    expect(await fetchPlayback(api.url, { kind: 'vod', id: 'v1' }, null)).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(api.requests.at(-1)?.url).toBe('/v1/public/videos/v1/playback');
  });

  it('is "unavailable" (asked again later) on a server error or no server at all', async () => {
    expect(await fetchPlayback(api.url, { kind: 'live', id: 'broken' }, null)).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(await fetchPlayback('http://127.0.0.1:1', { kind: 'live', id: LIVE }, null)).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('asks for a new token a minute before it expires, never in a busy loop', () => {
    const now = Date.parse('2026-11-25T18:00:00Z');
    expect(renewDelay('2026-11-25T18:10:00Z', now)).toBe(9 * 60_000);
    expect(renewDelay('2026-11-25T18:00:30Z', now)).toBe(5_000);
    expect(renewDelay('garbage', now)).toBe(60_000);
  });
});
