import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getVodAnalytics } from '../api/get-vod-analytics';
import { FOLDER, vodAnalyticsFixture } from './fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GET /v1/analytics/vod', () => {
  it('asks for the folder over the period and reads the answer, unknown averages as null', async () => {
    const fetch = vi.fn(async (_url: string) => json(200, vodAnalyticsFixture()));
    vi.stubGlobal('fetch', fetch);
    const now = Date.UTC(2026, 10, 25, 12);
    const answer = await getVodAnalytics(FOLDER, 7, now);
    expect(answer).toEqual(vodAnalyticsFixture());
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/v1/analytics/vod');
    expect(url.searchParams.get('folder')).toBe(FOLDER);
    expect(url.searchParams.get('from')).toBe(String(now - 7 * 86_400_000));
    expect(url.searchParams.get('to')).toBe(String(now));
  });

  it('leaves the folder out at the top level', async () => {
    const fetch = vi.fn(async (_url: string) =>
      json(200, { ...vodAnalyticsFixture(), folder: null, path: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    const answer = await getVodAnalytics(undefined, 30);
    expect(answer.folder).toBeNull();
    expect(new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').searchParams.has('folder')).toBe(false);
  });

  it("turns another team's folder (404) into an ApiError with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { statusCode: 404, error: 'Not Found', message: 'Pasta não encontrada' })),
    );
    const error = await getVodAnalytics(FOLDER, 30).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Pasta não encontrada' });
  });
});
