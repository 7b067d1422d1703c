import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { loggedEvents } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let owner: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const INTERNO = DEMO_ACCOUNTS.palcoInterno.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'GET' | 'PATCH', url: string, payload?: object, token = owner, lang = 'pt-BR') =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

describe('/v1/account/settings', () => {
  it("reads and changes the team's settings, logging the change", async () => {
    const before = await call('GET', `/v1/account/settings?accountId=${DEMO}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ accountId: DEMO, language: 'pt-BR', fpsLimit: 30 });

    const res = await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, {
      name: '  Demo Renomeada ',
      language: 'en',
      timeZone: 'europe/lisbon',
      playerColor: '#ff0000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Demo Renomeada',
      language: 'en',
      timeZone: 'Europe/Lisbon',
      playerColor: 'rgba(255, 0, 0, 1)',
    });
    // The team's new name is what the team selector lists.
    const teams = await call('GET', `/v1/teams?accountId=${DEMO}`);
    expect(teams.json<Array<{ accountId: string; name: string }>>()).toContainEqual(
      expect.objectContaining({ accountId: DEMO, name: 'Demo Renomeada' }),
    );
    // The colour is the default of a new stream (the general settings).
    const preset = await call('GET', `/bff/lives/preset?accountId=${DEMO}`);
    expect(preset.json<{ assets: { playerColor: string } }>().assets.playerColor).toBe('rgba(255, 0, 0, 1)');
    expect(await loggedEvents(server.app, owner, DEMO)).toContain('CONTA_ATUALIZADA');
  });

  it('stores the FPS limit the high-FPS alert reads at its next check', async () => {
    const res = await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { fpsLimit: 40 });
    expect(res.statusCode, res.body).toBe(200);
    // The live monitor's own read (media/live-monitor.ts): the account's fps_limit, per check.
    const row = await server.app.db
      .selectFrom('accounts')
      .select('fps_limit')
      .where('id', '=', DEMO)
      .executeTakeFirstOrThrow();
    expect(row.fps_limit).toBe(40);
    expectError(await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { fpsLimit: 0 }), 400);
    expectError(await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { fpsLimit: 100000 }), 400);
  });

  it('refuses an unknown time zone or colour in the caller language', async () => {
    const zone = await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { timeZone: 'Mars/Olympus' });
    expect(expectError(zone, 400)).toBe('Fuso horário inválido: use um nome IANA, como America/Sao_Paulo');
    const zoneEn = await call(
      'PATCH',
      `/v1/account/settings?accountId=${DEMO}`,
      { timeZone: 'Mars/Olympus' },
      owner,
      'en',
    );
    expect(expectError(zoneEn, 400)).toMatch(/^Invalid time zone/);
    expectError(await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { playerColor: 'red' }), 400);
    expectError(await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { name: '   ' }), 400);
  });

  it('is refused to a role without showAccountSettings and for a team of another client', async () => {
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call('GET', `/v1/account/settings?accountId=${DEMO}`, undefined, operator), 403);
    expectError(await call('PATCH', `/v1/account/settings?accountId=${DEMO}`, { name: 'x' }, operator), 403);
    const other = await call('PATCH', `/v1/account/settings?accountId=${INTERNO}`, { name: 'x' });
    expect(expectError(other, 404)).toBe('Conta não encontrada');
  });
});
