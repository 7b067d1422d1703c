import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysInMonth, utcDay } from '../src/billing/metering.ts';
import { runDailyUsage } from '../src/billing/usage-job.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, makeTestVideo, postRange, waitForStatus } from './video-helpers.ts';

let server: TestServer;
let owner: string;
let staff: string;
let operator: string;
const today = utcDay(new Date());
const month = today.slice(0, 7);

beforeAll(async () => {
  server = await startTestServer();
  [owner, staff, operator] = await Promise.all([
    loginAs(server.app, 'owner@palco.test'),
    loginAs(server.app, 'staff@palco.test'),
    loginAs(server.app, 'operator@palco.test'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const usage = async (token: string, accountId: string = DEMO) =>
  server.app.inject({
    method: 'GET',
    url: `/v1/billing/usage?accountId=${accountId}&month=${month}`,
    headers: bearer(token),
  });

/** The raw records of the demo team, summed per metric: what the figures must equal. */
async function rawSums(): Promise<Record<string, number>> {
  const { rows } = await sql<{ metric: string; total: number }>`
    SELECT metric, sum(quantity) AS total FROM usage_events
    WHERE account_id = ${DEMO} AND day LIKE ${`${month}-%`} GROUP BY metric`.execute(server.app.db);
  return Object.fromEntries(rows.map((r) => [r.metric, Number(r.total)]));
}

async function filesSize(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const e of entries) if (e.isFile()) total += (await stat(join(e.parentPath, e.name))).size;
  return total;
}

describe('usage metering', () => {
  let videoId: string;
  let hlsUrl: string;

  it('meters a finished transcode as output minutes, from the video it made', async () => {
    const path = join(server.config.dataDir, 'clip.mp4');
    await makeTestVideo(path);
    const file = await readFile(path);
    videoId = await createContent(server.app, owner, 'Medido');
    expect((await postRange(server.app, owner, videoId, file, 0, file.length - 1)).statusCode).toBe(202);
    const video = await waitForStatus(server.app, owner, videoId, ['ready', 'failed'], 90_000);
    expect(video.status, String(video.error)).toBe('ready');
    hlsUrl = video.hlsUrl as string;
    const renditions = (video.renditions as unknown[]).length;

    const res = await usage(owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = ((video.duration as number) * renditions) / 60;
    expect(body.totals.encodedMinutes).toBeCloseTo(expected, 5);
    expect(body.totals.encodedMinutes).toBeCloseTo((await rawSums()).encoded_minutes!, 5);
    const day = body.daily.find((d: { day: string }) => d.day === today);
    expect(day.encodedMinutes).toBeCloseTo(expected, 5);
    expect(body.daily).toHaveLength(daysInMonth(today));
    expect(body).toMatchObject({ month, currency: 'BRL', plan: { name: 'Padrão', custom: false } });
  });

  it('samples the bytes held (renditions, thumbnail and the uploaded source) into GB-months', async () => {
    const held =
      (await filesSize(join(server.config.dataDir, 'media', DEMO))) +
      (await stat(join(server.config.dataDir, 'uploads', `${videoId}.source`))).size;
    const before = (await usage(owner)).json();
    expect(before.storageBytesNow).toBe(held);
    expect(before.totals.storageGbMonths).toBe(0);

    await runDailyUsage(server.app);
    const after = (await usage(owner)).json();
    const gbMonths = held / 1e9 / daysInMonth(today);
    expect(after.totals.storageGbMonths).toBeGreaterThan(0);
    expect(after.totals.storageGbMonths).toBeCloseTo(gbMonths, 5);
    expect((await rawSums()).storage_bytes).toBe(held);
  });

  it('counts the minutes of the segments the signed media URLs deliver', async () => {
    const base = hlsUrl.replace(/master\.m3u8$/, '');
    const playlist = await server.app.inject({ method: 'GET', url: `${base}360p/index.m3u8` });
    const first = Number(/#EXTINF:([\d.]+)/.exec(playlist.body)![1]);
    for (let i = 0; i < 2; i++) {
      const seg = await server.app.inject({ method: 'GET', url: `${base}360p/seg_00000.ts` });
      expect(seg.statusCode).toBe(200);
    }
    // A HEAD sends no media: it delivers nothing.
    const head = await server.app.inject({ method: 'HEAD', url: `${base}360p/seg_00000.ts` });
    expect(head.statusCode).toBe(200);
    await server.app.backgroundIdle();
    // Summed in memory, written every 10 s: the next flush writes both segments at once.
    await server.app.deliveredMeter.flush();
    const body = (await usage(owner)).json();
    expect(body.totals.deliveredMinutes).toBeCloseTo((2 * first) / 60, 5);
    expect(body.totals.deliveredMinutes).toBeCloseTo((await rawSums()).delivered_minutes!, 5);
  });

  it('rebuilds a day from the raw records to the same figures, however often it runs', async () => {
    const before = (await usage(owner)).json();
    await sql`DELETE FROM usage_daily`.execute(server.app.db);
    expect((await usage(owner)).json().totals.encodedMinutes).toBe(0);
    for (let i = 0; i < 2; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v1/billing/usage/rebuild',
        headers: bearer(staff),
        payload: { day: today },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await usage(owner)).json().totals).toEqual(before.totals);
    }
    // The daily job again: a second sample of the same day replaces the first.
    await runDailyUsage(server.app);
    await runDailyUsage(server.app);
    expect((await usage(owner)).json().totals).toEqual(before.totals);
  });
});

describe('who may see and rebuild usage', () => {
  it('needs showFinancial (or staff) in the team, and hides other teams', async () => {
    expectError(await usage(operator), 403);
    expect((await usage(staff)).statusCode).toBe(200);
    const blocked = await loginAs(server.app, 'blocked@palco.test');
    expectError(await usage(blocked), 404);
    expect((await usage(blocked, DEMO_ACCOUNTS.contaBloqueada.id)).statusCode).toBe(200);
  });

  it('lets only staff rebuild, and refuses a malformed month or day', async () => {
    const rebuild = (token: string, day: string) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/billing/usage/rebuild',
        headers: bearer(token),
        payload: { day },
      });
    expectError(await rebuild(owner, today), 403);
    expectError(await rebuild(staff, '2026-13-01'), 400);
    const bad = await server.app.inject({
      method: 'GET',
      url: `/v1/billing/usage?accountId=${DEMO}&month=2026-1`,
      headers: bearer(owner),
    });
    expectError(bad, 400);
  });
});
