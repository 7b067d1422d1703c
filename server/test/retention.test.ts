import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, createTestStore, loginAs, type TestStore, testConfig } from './helpers.ts';

const RETENTION_DAYS = 30;
const account = DEMO_ACCOUNTS.demoProducoes;

let store: TestStore;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(async () => {
  await app?.close();
  await store?.dispose();
});

const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

/** Old and recent rows of everything that must not grow without bound, written straight to the store. */
async function writeHistory(db: FastifyInstance['db']): Promise<void> {
  for (const [identifier, days] of [
    ['kept-recent', 1],
    ['kept-edge', RETENTION_DAYS - 1],
    ['purged-old', RETENTION_DAYS + 1],
    ['purged-ancient', 3 * RETENTION_DAYS],
  ] as const) {
    await db
      .insertInto('activity_logs')
      .values({
        account_id: account.id,
        client_id: DEMO_CLIENTS.demo.id,
        event: 'VIDEO_CRIADO',
        identifier,
        record: sql`'[]'::jsonb`,
        created_at: daysAgo(days),
      })
      .execute();
  }
  await db
    .insertInto('login_address_attempts')
    .values([
      { address: '203.0.113.1', at: sql<Date>`now() - interval '2 days'` },
      { address: '203.0.113.2', at: sql<Date>`now() - interval '1 minute'` },
    ])
    .execute();
  await db
    .insertInto('login_failures')
    .values([
      { login: 'old@palco.test', at: sql<Date>`now() - interval '2 days'` },
      { login: 'new@palco.test', at: sql<Date>`now() - interval '1 minute'` },
    ])
    .execute();
}

describe('retention', () => {
  it('purges log entries past ACTIVITY_RETENTION_DAYS and stale login counts, keeping newer ones', async () => {
    const config = testConfig(store, { activityRetentionDays: RETENTION_DAYS });
    app = await buildApp(config);
    await writeHistory(app.db);
    await app.close();

    // The purge runs at start (and hourly after).
    app = await buildApp(config);
    const staff = await loginAs(app, DEMO_USERS.staff.login);
    const res = await app.inject({
      method: 'GET',
      url: `/v1/logs?accountId=${account.id}&start=2000-01-01&limit=50&order=desc`,
      headers: bearer(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const identifiers = res.json<{ items: Array<{ identifier: string }> }>().items.map((e) => e.identifier);
    expect(identifiers).toContain('kept-recent');
    expect(identifiers).toContain('kept-edge');
    expect(identifiers).not.toContain('purged-old');
    expect(identifiers).not.toContain('purged-ancient');

    const addresses = await app.db.selectFrom('login_address_attempts').select('address').execute();
    expect(addresses.map((r) => r.address)).toEqual(['203.0.113.2']);
    const logins = await app.db.selectFrom('login_failures').select('login').execute();
    expect(logins.map((r) => r.login)).toEqual(['new@palco.test']);
  });
});
