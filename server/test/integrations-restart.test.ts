import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { makeRecording } from './fakes/media.ts';
import { type FakeZoom, startFakeZoom } from './fakes/zoom.ts';
import { loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import { callback, integrationsConfig, throughConsent, until } from './integrations-helpers.ts';

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
let zoom: FakeZoom;
let first: TestServer;
let second: FastifyInstance | undefined;

beforeAll(async () => {
  const mp4Path = await makeRecording();
  zoom = await startFakeZoom({ redirectUris: [`${PUBLIC_URL}/bff/zoom/oauth/callback`], mp4Path });
  first = await startTestServer({
    integrations: { ...integrationsConfig(zoom.env, [new URL(zoom.url).host]), maxAttempts: 8 },
  });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await zoom?.close();
});

const importRow = (app: FastifyInstance) =>
  app.db.selectFrom('integration_imports').select(['status', 'attempts']).executeTakeFirst();

it('an import interrupted by a restart is finished by the next start', async () => {
  // Zoom answers 500 to downloads: the import job keeps being retried (with backoff) in the queue.
  zoom.failures.add(500, 1000, '/rec/download/');
  const token = await loginAs(first.app, DEMO_USERS.owner.login);
  const page = await callback(first.app, await throughConsent(first.app, token, '/bff/zoom/oauth', DEMO));
  expect(page.statusCode).toBe(200);
  await until(async () => {
    const row = await importRow(first.app);
    return row && row.attempts >= 1 && row.status === 'downloading';
  });
  await first.app.close();

  // Zoom recovers; a new process on the same database picks the job up where the queue left it.
  zoom.failures.clear();
  second = await buildApp(first.config);
  const done = await until(async () => {
    const row = await importRow(second!);
    return row?.status === 'imported' ? row : null;
  }, 120_000);
  expect(done.attempts).toBeGreaterThanOrEqual(2);
  expect(zoom.downloads()).toBe(1);
}, 240_000);
