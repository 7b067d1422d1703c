import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.ts';
import { expectError, startTestServer, type TestServer } from './helpers.ts';

// Small numbers: the rule is the same with the defaults (30 failures per address in 15 minutes).
const MAX = 8;
const throttle: Config['loginThrottle'] = {
  slowAfter: 3,
  delayMs: 1,
  maxDelayMs: 4,
  maxFailures: MAX,
  windowMinutes: 15,
};

const attempt = (
  server: TestServer,
  remoteAddress: string,
  login: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    headers,
    payload: { login, password },
  });

/** One password tried on MAX distinct (unknown) logins: all refused with 401. */
async function spray(
  server: TestServer,
  remoteAddress: string,
  tag: string,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  for (let i = 0; i < MAX; i++) {
    const res = await attempt(server, remoteAddress, `${tag}-${i}@palco.test`, 'Verao2026!', headers(i));
    expect(res.statusCode, res.body).toBe(401);
  }
}

describe('per-address login throttle (TRUST_PROXY off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ loginThrottle: throttle, trustProxy: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a password spray with 429 and Retry-After while another address signs in', async () => {
    await spray(server, '203.0.113.7', 'spray');

    const refused = await attempt(server, '203.0.113.7', 'spray-next@palco.test', 'Verao2026!');
    expect(expectError(refused, 429)).toMatch(/^Muitas tentativas de login/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(13 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const english = await attempt(server, '203.0.113.7', 'spray-en@palco.test', 'x', {
      'accept-language': 'en',
    });
    expect(expectError(english, 429)).toMatch(/^Too many login attempts/);
    // Even the right password of a real account waits out the lock from that address...
    const right = await attempt(server, '203.0.113.7', DEMO_USERS.owner.login, DEMO_PASSWORD);
    expectError(right, 429);
    // ...while another client signs in to it.
    const elsewhere = await attempt(server, '198.51.100.9', DEMO_USERS.owner.login, DEMO_PASSWORD);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('is not dodged by a made-up X-Forwarded-For', async () => {
    const forwarded = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` });
    await spray(server, '203.0.113.8', 'spoof', forwarded);
    const res = await attempt(server, '203.0.113.8', 'spoof-next@palco.test', 'x', {
      'x-forwarded-for': '192.0.2.200',
    });
    expectError(res, 429);
  });

  it('is not reset by signing in to one own account in between', async () => {
    for (let i = 0; i < MAX - 1; i++) {
      expect((await attempt(server, '203.0.113.9', `mixed-${i}@palco.test`, 'x')).statusCode).toBe(401);
    }
    const own = await attempt(server, '203.0.113.9', DEMO_USERS.operator.login, DEMO_PASSWORD);
    expect(own.statusCode, own.body).toBe(200);
    expect((await attempt(server, '203.0.113.9', 'mixed-last@palco.test', 'x')).statusCode).toBe(401);
    expectError(await attempt(server, '203.0.113.9', 'mixed-over@palco.test', 'x'), 429);
  });

  it('counts an IPv6 client by its /64, whatever address in it each attempt uses', async () => {
    for (let i = 0; i < MAX; i++) {
      const res = await attempt(server, `2001:db8:7:9::${(i + 1).toString(16)}`, `v6-${i}@palco.test`, 'x');
      expect(res.statusCode).toBe(401);
    }
    expectError(await attempt(server, '2001:db8:7:9:abcd::1', 'v6-next@palco.test', 'x'), 429);
    const other = await attempt(server, '2001:db8:7:a::1', DEMO_USERS.owner.login, DEMO_PASSWORD);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('lets no more than the limit of parallel guesses from one address through', async () => {
    const results = await Promise.all(
      Array.from({ length: MAX + 6 }, (_, i) => attempt(server, '203.0.113.10', `par-${i}@palco.test`, 'x')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
  });
});

describe('per-address login throttle behind a trusted proxy (TRUST_PROXY=10.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ loginThrottle: throttle, trustProxy: ['10.0.0.1'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the forwarded client address, so other clients of the proxy still sign in', async () => {
    const via = (client: string) => ({ 'x-forwarded-for': client });
    await spray(server, '10.0.0.1', 'behind', () => via('203.0.113.50'));
    expectError(await attempt(server, '10.0.0.1', 'behind-next@palco.test', 'x', via('203.0.113.50')), 429);

    const other = await attempt(
      server,
      '10.0.0.1',
      DEMO_USERS.owner.login,
      DEMO_PASSWORD,
      via('203.0.113.51'),
    );
    expect(other.statusCode, other.body).toBe(200);
    // The log names the client, not the proxy.
    const entry = await server.app.db
      .selectFrom('activity_logs')
      .select('ip')
      .where('event', '=', 'LOGIN_RECUSADO')
      .where('identifier', '=', 'behind-0@palco.test')
      .executeTakeFirstOrThrow();
    expect(entry.ip).toBe('203.0.113.50');
  });

  it('does not believe X-Forwarded-For from a peer that is not the proxy', async () => {
    await spray(server, '203.0.113.60', 'direct', (i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` }));
    const res = await attempt(server, '203.0.113.60', 'direct-next@palco.test', 'x', {
      'x-forwarded-for': '192.0.2.99',
    });
    expectError(res, 429);
  });
});

describe('configuration', () => {
  it('has the documented defaults, and TRUST_PROXY takes true or the proxies, never a hop count', () => {
    const config = loadConfig({});
    expect(config.loginThrottle).toEqual({
      slowAfter: 10,
      delayMs: 250,
      maxDelayMs: 4000,
      maxFailures: 30,
      windowMinutes: 15,
    });
    expect(config.activityRetentionDays).toBe(400);
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
    ]);
    // fastify trusts nobody for a bare number: refused at start rather than silently ignored.
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ LOGIN_ADDRESS_MAX_FAILURES: '0' })).toThrow(/LOGIN_ADDRESS_MAX_FAILURES/);
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: 'forever' })).toThrow(/ACTIVITY_RETENTION_DAYS/);
  });
});
