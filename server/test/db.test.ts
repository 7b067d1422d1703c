import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { pgBossExecutor } from '../src/db/job-queue.ts';
import { migrateAllDown, migrateToLatest } from '../src/db/migrator.ts';
import { listMembershipsOfUser } from '../src/db/repositories/memberships.ts';
import { countUsers, findUserByLogin } from '../src/db/repositories/users.ts';
import type { Db } from '../src/db/schema.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CLIENTS,
  DEMO_PASSWORD,
  DEMO_ROLES,
  DEMO_USERS,
  seedDemoData,
} from '../src/db/seed.ts';
import { hashPassword, verifyPassword } from '../src/lib/password.ts';
import { bearer, createTestStore, loginAs, type TestStore, testConfig } from './helpers.ts';

const stores: TestStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.dispose();
});

async function freshStore() {
  const store = await createTestStore();
  stores.push(store);
  return store;
}

const tableNames = async (db: Db) =>
  (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();

describe('migrations and seed', () => {
  // A fresh embedded database, every migration three times and the seed's password hashes: tens of
  // seconds on a busy 2-core machine.
  it('migrate up, down and up again, and seed the exact demo data once', { timeout: 120_000 }, async () => {
    const store = await freshStore();
    const db = await createDatabase(store);
    try {
      expect(await migrateToLatest(db)).toEqual([
        'Up 20261122T150000_initial',
        'Up 20261122T160000_activity_logs',
        'Up 20261122T170000_videos',
        'Up 20261122T180000_live_streams',
        'Up 20261122T190000_live_ingest',
        'Up 20261125T090000_login_address_attempts',
        'Up 20261125T120000_invitations',
        'Up 20261125T120000_realtime',
        'Up 20261125T130000_live_automation',
        'Up 20261125T140000_account_settings',
        'Up 20261125T150500_api_keys',
        'Up 20261125T152000_viewers',
        'Up 20261125T153000_overlays',
        'Up 20261125T153100_classroom',
        'Up 20261125T160000_billing',
        'Up 20261125T163000_webhooks',
        'Up 20261125T170000_two_factor',
        'Up 20261127T100000_key_lanes',
        'Up 20261127T110000_client_block',
        'Up 20261127T120000_audience_bounds',
        'Up 20261127T130000_classroom_chat_tokens',
        'Up 20261127T140000_classroom_description',
        'Up 20261127T150000_analytics',
        'Up 20261127T160000_video_likes',
        'Up 20261127T173000_subtitle_jobs',
        'Up 20261128T100000_classroom_content',
        'Up 20261201T110000_studio_guests',
        'Up 20261201T120000_integrations',
        'Up 20261201T130000_simulcast',
        'Up 20261202T090000_simulcast_reason',
        'Up 20261203T100000_classroom_email_codes',
        'Up 20261203T104500_oauth_binding',
        'Up 20261203T121700_video_media_views',
        'Up 20261204T090000_classroom_chat_host',
        'Up 20261204T100000_video_transcode_started',
        'Up 20261205T090000_session_cache_notify',
        'Up 20261206T090000_live_list_notify',
        'Up 20261207T090000_viewer_session_dims',
      ]);
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await tableNames(db)).toEqual([
        'accounts',
        'activity_logs',
        'analytics_buckets',
        'analytics_pushes',
        'api_keys',
        'classroom_chat_tokens',
        'classroom_email_codes',
        'classroom_messages',
        'classroom_participants',
        'client_plans',
        'clients',
        'directories',
        'integration_connections',
        'integration_imports',
        'invitations',
        'live_stream_counts',
        'live_stream_overlays',
        'live_stream_presets',
        'live_streams',
        'live_viewer_counts',
        'login_address_attempts',
        'login_failures',
        'memberships',
        'oauth_states',
        'overlays',
        'password_resets',
        'playback_events',
        'playback_views',
        'realtime_counters',
        'roles',
        'sessions',
        'simulcast_sessions',
        'studio_guest_links',
        'studio_guests',
        'subtitle_jobs',
        'usage_daily',
        'usage_events',
        'users',
        'video_likes',
        'video_media_views',
        'video_subtitles',
        'video_uploads',
        'videos',
        'viewer_sessions',
        'webhook_deliveries',
        'webhooks',
      ]);
      expect(await migrateAllDown(db)).toEqual([
        'Down 20261207T090000_viewer_session_dims',
        'Down 20261206T090000_live_list_notify',
        'Down 20261205T090000_session_cache_notify',
        'Down 20261204T100000_video_transcode_started',
        'Down 20261204T090000_classroom_chat_host',
        'Down 20261203T121700_video_media_views',
        'Down 20261203T104500_oauth_binding',
        'Down 20261203T100000_classroom_email_codes',
        'Down 20261202T090000_simulcast_reason',
        'Down 20261201T130000_simulcast',
        'Down 20261201T120000_integrations',
        'Down 20261201T110000_studio_guests',
        'Down 20261128T100000_classroom_content',
        'Down 20261127T173000_subtitle_jobs',
        'Down 20261127T160000_video_likes',
        'Down 20261127T150000_analytics',
        'Down 20261127T140000_classroom_description',
        'Down 20261127T130000_classroom_chat_tokens',
        'Down 20261127T120000_audience_bounds',
        'Down 20261127T110000_client_block',
        'Down 20261127T100000_key_lanes',
        'Down 20261125T170000_two_factor',
        'Down 20261125T163000_webhooks',
        'Down 20261125T160000_billing',
        'Down 20261125T153100_classroom',
        'Down 20261125T153000_overlays',
        'Down 20261125T152000_viewers',
        'Down 20261125T150500_api_keys',
        'Down 20261125T140000_account_settings',
        'Down 20261125T130000_live_automation',
        'Down 20261125T120000_realtime',
        'Down 20261125T120000_invitations',
        'Down 20261125T090000_login_address_attempts',
        'Down 20261122T190000_live_ingest',
        'Down 20261122T180000_live_streams',
        'Down 20261122T170000_videos',
        'Down 20261122T160000_activity_logs',
        'Down 20261122T150000_initial',
      ]);
      expect(await tableNames(db)).toEqual([]);
      await migrateToLatest(db);

      // A cheap hash keeps this test fast; the app itself seeds with real argon2id.
      expect(await seedDemoData(db, async (p) => `plain:${p}`)).toBe(true);
      expect(await seedDemoData(db, async (p) => `plain:${p}`)).toBe(false);
      expect(await countUsers(db)).toBe(5); // the four demo logins and the streaming demo's guest (seed-streams.ts)

      const clients = await db.selectFrom('clients').select(['id', 'name']).orderBy('name').execute();
      expect(clients).toEqual(
        [DEMO_CLIENTS.blocked, DEMO_CLIENTS.demo, DEMO_CLIENTS.palco].map((c) => ({
          id: c.id,
          name: c.name,
        })),
      );
      const owner = await findUserByLogin(db, 'owner@palco.test');
      expect(owner).toMatchObject({
        name: 'Olívia Dona',
        can_manage_teams_users: true,
        manage_users_client_id: DEMO_CLIENTS.demo.id,
        default_account_id: DEMO_ACCOUNTS.demoProducoes.id,
        token_version: 0,
      });
      const ownerTeams = await listMembershipsOfUser(db, DEMO_USERS.owner.id);
      expect(ownerTeams.map((m) => [m.accountName, m.clientName, m.roleName])).toEqual([
        ['Demo Produções', 'Demo Produções', 'proprietário'],
        ['Eventos Ao Vivo', 'Demo Produções', 'administrador'],
      ]);
      const staffTeams = await listMembershipsOfUser(db, DEMO_USERS.staff.id);
      expect(staffTeams.map((m) => [m.accountName, m.clientName, m.roleName])).toEqual([
        ['Palco Interno', 'Palco', 'desenvolvedor'],
      ]);
      expect(staffTeams[0]!.permissions).toHaveLength(17);
      const blockedTeams = await listMembershipsOfUser(db, DEMO_USERS.blocked.id);
      expect(blockedTeams).toEqual([
        expect.objectContaining({ accountName: 'Conta Bloqueada', accountBlocked: true }),
      ]);
      expect(blockedTeams[0]!.permissions).not.toContain('palcoDeveloper');
      expect(blockedTeams[0]!.permissions).toHaveLength(16);
      const operatorTeams = await listMembershipsOfUser(db, DEMO_USERS.operator.id);
      expect(operatorTeams[0]!.permissions).toEqual(DEMO_ROLES.operadorDemo.permissions);
    } finally {
      await db.destroy();
    }
  });

  it('enforce lowercase logins and roles from the member’s own account', async () => {
    const store = await freshStore();
    const db = await createDatabase(store);
    try {
      await migrateToLatest(db);
      await seedDemoData(db, async (p) => `plain:${p}`);
      await expect(
        db
          .insertInto('users')
          .values({
            login: 'Mixed@Palco.test',
            name: 'X',
            password_hash: 'x',
            avatar: null,
            default_account_id: null,
            root_directory: null,
            last_login_at: null,
          })
          .execute(),
      ).rejects.toThrow();
      // The operator's role belongs to Demo Produções: it cannot be held in Eventos Ao Vivo.
      await expect(
        db
          .insertInto('memberships')
          .values({
            user_id: DEMO_USERS.operator.id,
            account_id: DEMO_ACCOUNTS.eventosAoVivo.id,
            role_id: DEMO_ROLES.operadorDemo.id,
          })
          .execute(),
      ).rejects.toThrow();
      const count = await sql<{ n: number }>`select count(*)::int as n from memberships`.execute(db);
      // The five memberships of the demo logins, and the streaming demo's guest.
      expect(count.rows[0]?.n).toBe(6);
    } finally {
      await db.destroy();
    }
  });
});

describe('a restart keeps state in the data directory and the database', () => {
  it('keeps the JWT secret (mode 600), tokens, the login lock and does not seed twice', {
    timeout: 90_000,
  }, async () => {
    const store = await freshStore();
    const config = testConfig(store);
    const first = await buildApp(config);
    let token: string;
    try {
      token = await loginAs(first, DEMO_USERS.owner.login);
      for (let i = 0; i < 10; i++) {
        const res = await first.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { login: DEMO_USERS.operator.login, password: 'wrong' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await first.close();
    }

    const secretFile = join(store.dataDir, 'jwt-secret');
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    const secret = await readFile(secretFile, 'utf8');

    const second = await buildApp(config);
    try {
      expect(await readFile(secretFile, 'utf8')).toBe(secret);
      expect(
        (await second.inject({ method: 'GET', url: '/bff/me', headers: bearer(token) })).statusCode,
      ).toBe(200);
      const locked = await second.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { login: DEMO_USERS.operator.login, password: DEMO_PASSWORD },
      });
      expect(locked.statusCode).toBe(429);
      expect(await countUsers(second.db)).toBe(5);
      const owner = await findUserByLogin(second.db, DEMO_USERS.owner.login);
      expect(owner?.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await second.close();
    }
  });

  it('does not seed when SEED_DEMO is off, and uses JWT_SECRET when given', { timeout: 90_000 }, async () => {
    const store = await freshStore();
    const app = await buildApp(testConfig(store, { seedDemo: false, jwtSecret: 'k'.repeat(40) }));
    try {
      expect(await countUsers(app.db)).toBe(0);
      expect(new TextDecoder().decode(app.jwtKey)).toBe('k'.repeat(40));
      await expect(stat(join(store.dataDir, 'jwt-secret'))).rejects.toThrow();
    } finally {
      await app.close();
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'creates the embedded database in a child process, and will not overwrite a folder that is not one, or one of an older PGlite',
    async () => {
      const store = await freshStore();
      const app = await buildApp(testConfig(store));
      await app.close();
      // Created whole and renamed into place: nothing of the creation is left beside it.
      expect((await readdir(store.dataDir)).sort()).toEqual(['jwt-secret', 'pglite']);
      expect((await stat(join(store.dataDir, 'pglite', 'PG_VERSION'))).isFile()).toBe(true);

      const other = await freshStore();
      await mkdir(join(other.dataDir, 'pglite'));
      await writeFile(join(other.dataDir, 'pglite', 'notes.txt'), 'mine');
      await expect(buildApp(testConfig(other))).rejects.toThrow(/neither empty nor a PGlite database/);
      expect(await readFile(join(other.dataDir, 'pglite', 'notes.txt'), 'utf8')).toBe('mine');

      // A folder made by the previous PGlite (PostgreSQL 17) is refused with what to do, untouched:
      // PGlite 0.5 would stop on its files with a bare WebAssembly "unreachable".
      const older = await freshStore();
      await mkdir(join(older.dataDir, 'pglite'));
      await writeFile(join(older.dataDir, 'pglite', 'PG_VERSION'), '17\n');
      await expect(buildApp(testConfig(older))).rejects.toThrow(
        /holds a PostgreSQL 17 database .*dump it with the previous release/,
      );
      expect(await readdir(join(older.dataDir, 'pglite'))).toEqual(['PG_VERSION']);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL, keeps serving after the server closes its connections (restart, failover)',
    async () => {
      const store = await freshStore();
      const app = await buildApp(testConfig(store));
      try {
        const token = await loginAs(app, DEMO_USERS.owner.login);
        const me = () => app.inject({ method: 'GET', url: '/bff/me', headers: bearer(token) });
        expect((await me()).statusCode).toBe(200);
        // What a PostgreSQL restart does to the pool's idle connections.
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        try {
          const name = new URL(store.databaseUrl ?? '').pathname.slice(1);
          const killed = await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          expect(killed.rowCount).toBeGreaterThan(0);
        } finally {
          await admin.end();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await me()).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    },
  );
});

// pg-boss 12 sends its maintenance and its index builder's claim as several statements in one string
// and reads the rows of every one (an advisory lock's row, then the claim's); given only the last
// statement's rows, each run failed and was logged every minute, so expired jobs were never cleaned
// (docs/decisions.md "Database stack upgraded").
describe('the job queue on our database connection', () => {
  it('gets the rows of every statement of a multi-statement query, in order', {
    timeout: 120_000,
  }, async () => {
    const store = await freshStore();
    const app = await buildApp(testConfig(store));
    try {
      const answer = await pgBossExecutor(app.db).executeSql(
        "BEGIN; SELECT 1 AS lock; SELECT 'claimed' AS claim; COMMIT",
      );
      expect(answer.rows).toEqual([{ lock: 1 }, { claim: 'claimed' }]);
      // One statement with parameters goes through Kysely as before.
      const one = await pgBossExecutor(app.db).executeSql('SELECT $1::int AS n', [7]);
      expect(one.rows).toEqual([{ n: 7 }]);
    } finally {
      await app.close();
    }
  });
});

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const hash = await hashPassword('segredo');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'segredo')).toBe(true);
    expect(await verifyPassword(hash, 'Segredo')).toBe(false);
    expect(await verifyPassword('not a hash', 'segredo')).toBe(false);
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      jwtSecret: undefined,
      publicUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
      productName: 'Palco',
    });
    expect(config.dataDir).toBe(join(process.cwd(), 'data'));
    expect(config.staticDir).toBe(join(process.cwd(), 'dist'));
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://palco.example/' }).publicUrl).toBe('https://palco.example');
  });

  it('refuses bad values at start rather than misbehaving later', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});

describe('a database made by a server on pg-boss 10', () => {
  // The part of pg-boss 10's schema (its version 24) the upgrade reads, as that release created it.
  const PG_BOSS_10 = `
    CREATE SCHEMA pgboss;
    CREATE TYPE pgboss.job_state AS ENUM ('created', 'retry', 'active', 'completed', 'cancelled', 'failed');
    CREATE TABLE pgboss.version (version int PRIMARY KEY, maintained_on timestamptz, cron_on timestamptz,
      monitored_on timestamptz);
    INSERT INTO pgboss.version (version) VALUES (24);
    CREATE TABLE pgboss.queue (name text PRIMARY KEY, policy text, retry_limit int, retry_delay int,
      retry_backoff bool, expire_seconds int, retention_minutes int, dead_letter text, partition_name text,
      created_on timestamptz NOT NULL DEFAULT now(), updated_on timestamptz NOT NULL DEFAULT now());
    CREATE TABLE pgboss.job (id uuid NOT NULL DEFAULT gen_random_uuid(), name text NOT NULL,
      priority integer NOT NULL DEFAULT 0, data jsonb, state pgboss.job_state NOT NULL DEFAULT 'created',
      retry_limit integer NOT NULL DEFAULT 2, retry_count integer NOT NULL DEFAULT 0,
      retry_delay integer NOT NULL DEFAULT 0, retry_backoff boolean NOT NULL DEFAULT false,
      start_after timestamptz NOT NULL DEFAULT now(), started_on timestamptz, singleton_key text,
      singleton_on timestamp, expire_in interval NOT NULL DEFAULT interval '15 minutes',
      created_on timestamptz NOT NULL DEFAULT now(), completed_on timestamptz,
      keep_until timestamptz NOT NULL DEFAULT now() + interval '14 days', output jsonb, dead_letter text,
      policy text, PRIMARY KEY (name, id));
    INSERT INTO pgboss.queue (name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds)
      VALUES ('legacy-reports', 'standard', 4, 30, true, 600);
    INSERT INTO pgboss.job (id, name, data, state, retry_limit, start_after) VALUES
      ('6f1c1d52-8a51-4a35-9d43-3c0d8f0e2a01', 'legacy-reports', '{"report": "waiting"}', 'created', 4,
        now() + interval '1 day'),
      ('6f1c1d52-8a51-4a35-9d43-3c0d8f0e2a02', 'legacy-reports', '{"report": "done"}', 'completed', 4, now());
  `;

  it('starts, upgrades the job queue in place and keeps the jobs still waiting', {
    timeout: 240_000,
  }, async () => {
    const store = await freshStore();
    const db = await createDatabase(store);
    try {
      await migrateToLatest(db);
      // One statement at a time: a PGlite query takes one.
      for (const statement of PG_BOSS_10.split(/;\s*\n/).filter((text) => text.trim())) {
        await sql.raw(statement).execute(db);
      }
    } finally {
      await db.destroy();
    }
    // Before the upgrade code, pg-boss 12 refused to start: "Cannot migrate pg-boss schema from version 24".
    const app = await buildApp(testConfig(store, { metricsToken: 'metrics-token-of-the-operator' }));
    try {
      const metrics = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-of-the-operator' },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('palco_job_queue_depth{queue="legacy-reports",state="created"} 1');
      const queue = await app.jobs.boss.getQueue('legacy-reports');
      expect(queue).toMatchObject({ policy: 'standard', retryLimit: 4, retryDelay: 30, retryBackoff: true });
      const job = await app.jobs.boss.getJobById('legacy-reports', '6f1c1d52-8a51-4a35-9d43-3c0d8f0e2a01');
      expect(job).toMatchObject({ data: { report: 'waiting' }, state: 'created', retryLimit: 4 });
      const { rows } = await sql<{ schema: string | null }>`
        SELECT to_regnamespace('pgboss_v10')::text AS schema`.execute(app.db);
      expect(rows[0]?.schema).toBeNull();
    } finally {
      await app.close();
    }
  });
});
