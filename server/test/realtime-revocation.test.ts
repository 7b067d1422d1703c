// Revocation reaches open account sockets (docs/realtime.md "Revocation").
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_CLIENTS } from '../src/db/seed.ts';
import { createTeam, type TestTeam } from './admin-helpers.ts';
import { bearer, loginAs, startTestServer, type TestServer, testConfig } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';

let server: TestServer;
let base: string;
let team: TestTeam;
let gestor: string;
const REVALIDATE_MS = 300;
/** How long a revoked socket may stay open: far above the check's period, still "within seconds". */
const WITHIN_MS = 10_000;
const realtime = { ...loadConfig({}).realtime, revalidateMs: REVALIDATE_MS };

beforeAll(async () => {
  server = await startTestServer({ realtime });
  base = await listen(server.app);
  team = await createTeam(server.app, {
    name: 'Revogação',
    clientId: DEMO_CLIENTS.demo.id,
    roles: {
      gestor: ['showUsers', 'showRoles', 'showStreaming', 'showHistory'],
      membro: ['showStreaming'],
      leitor: ['showStreaming', 'showHistory'],
    },
    members: [
      { login: 'gestor@revoga.test', role: 'gestor' },
      { login: 'senha@revoga.test', role: 'membro' },
      { login: 'outras@revoga.test', role: 'membro' },
      { login: 'removido@revoga.test', role: 'membro' },
      { login: 'cargo@revoga.test', role: 'membro' },
    ],
  });
  gestor = await loginAs(server.app, 'gestor@revoga.test');
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The close code, or a failure if the socket is still open after the bound. */
async function closedWith(client: AccountClient): Promise<number> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`still open after ${WITHIN_MS} ms`)), WITHIN_MS).unref(),
  );
  return (await Promise.race([client.closed, timeout])).code;
}

/** An event of the team reaches a socket that must stay open. */
async function stillReceives(app: FastifyInstance, client: AccountClient): Promise<void> {
  const id = crypto.randomUUID();
  await app.events.publish(team.accountId, 'video_status', {
    video_id: id,
    status: 'processing',
    progress: 1,
  });
  await client.waitFor((e) => e.evento === 'video_status' && e.video_id === id);
}

describe('an open account socket', () => {
  it('is closed 4401 when its user changes the password; other users’ sockets go on', async () => {
    const token = await loginAs(server.app, 'senha@revoga.test');
    const other = await loginAs(server.app, 'senha@revoga.test');
    const [mine, otherSession, bystander] = await Promise.all([
      AccountClient.connect(base, team.accountId, token),
      AccountClient.connect(base, team.accountId, other),
      AccountClient.connect(base, team.accountId, gestor),
    ]);
    const changed = await call('POST', '/v1/me/password', token, {
      currentPassword: 'palco123',
      newPassword: 'nova1234',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Every token issued before the change is revoked: both of the user's sockets close.
    expect(await closedWith(mine)).toBe(4401);
    expect(await closedWith(otherSession)).toBe(4401);
    await stillReceives(server.app, bystander);
    // The new token opens a socket that stays.
    const fresh = await AccountClient.connect(base, team.accountId, changed.json<{ Token: string }>().Token);
    await stillReceives(server.app, fresh);
    for (const c of [bystander, fresh]) c.close();
  });

  it('is closed 4401 by "sign out every other session", the caller’s own new session stays', async () => {
    const here = await loginAs(server.app, 'outras@revoga.test');
    const elsewhere = await loginAs(server.app, 'outras@revoga.test');
    const away = await AccountClient.connect(base, team.accountId, elsewhere);
    const res = await call('POST', '/v1/me/sign-out-others', here);
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWith(away)).toBe(4401);
    const kept = await AccountClient.connect(base, team.accountId, res.json<{ Token: string }>().Token);
    await stillReceives(server.app, kept);
    kept.close();
  });

  it('is closed 4403 when its user is removed from the team', async () => {
    const token = await loginAs(server.app, 'removido@revoga.test');
    const socket = await AccountClient.connect(base, team.accountId, token);
    const userId = team.users['removido@revoga.test'];
    const res = await call('DELETE', `/v1/users/${userId}?accountId=${team.accountId}`, gestor);
    expect(res.statusCode, res.body).toBe(204);
    expect(await closedWith(socket)).toBe(4403);
    // And cannot come back.
    const again = await AccountClient.open(base, team.accountId);
    again.send({ type: 'hello', token });
    expect((await again.closed).code).toBe(4403);
  });

  it('is closed 4003 when its user’s role changes, and a reconnect is granted the new role', async () => {
    const token = await loginAs(server.app, 'cargo@revoga.test');
    const socket = await AccountClient.connect(base, team.accountId, token);
    const userId = team.users['cargo@revoga.test'];
    const res = await call('PATCH', `/v1/users/${userId}/role?accountId=${team.accountId}`, gestor, {
      roleId: team.roles.leitor,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWith(socket)).toBe(4003);
    const again = await AccountClient.connect(base, team.accountId, token);
    await stillReceives(server.app, again);
    again.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on every instance (PostgreSQL)', () => {
  it('a password changed through one instance closes the socket open on another', {
    timeout: 120_000,
  }, async () => {
    // A second server on the same database and secret, as behind a load balancer.
    const other = await buildApp(testConfig(server.store, { realtime }));
    try {
      const otherBase = await listen(other);
      const second = await createTeam(server.app, {
        name: 'Duas instâncias',
        clientId: DEMO_CLIENTS.demo.id,
        roles: { membro: ['showStreaming'] },
        members: [{ login: 'instancias@revoga.test', role: 'membro' }],
      });
      const token = await loginAs(server.app, 'instancias@revoga.test');
      const there = await AccountClient.connect(otherBase, team.accountId, gestor);
      const socket = await AccountClient.connect(otherBase, second.accountId, token);
      const res = await call('POST', '/v1/me/password', token, {
        currentPassword: 'palco123',
        newPassword: 'nova1234',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await closedWith(socket)).toBe(4401);
      await stillReceives(other, there);
      there.close();
    } finally {
      await other.close();
    }
  });
});
