import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertConnection } from '../src/db/repositories/integrations.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { IMPORT_QUEUE, POLL_QUEUE } from '../src/integrations/service.ts';
import { zoomSignature } from '../src/integrations/zoom.ts';
import { makeRecording } from './fakes/media.ts';
import { type FakeZoom, startFakeZoom } from './fakes/zoom.ts';
import { loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import {
  answers,
  call,
  callback,
  integrationsConfig,
  jobDone,
  throughConsent,
  until,
} from './integrations-helpers.ts';

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTS = DEMO_ACCOUNTS.eventosAoVivo.id;
let zoom: FakeZoom;
let server: TestServer;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  const mp4Path = await makeRecording();
  zoom = await startFakeZoom({ redirectUris: [`${PUBLIC_URL}/bff/zoom/oauth/callback`], mp4Path });
  server = await startTestServer(
    { integrations: integrationsConfig(zoom.env, [new URL(zoom.url).host]), logLevel: 'info' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  token = await loginAs(server.app, DEMO_USERS.owner.login);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await zoom?.close();
});

type Account = {
  zoomAccountId: string;
  activeImport: boolean;
  deauthorized: boolean;
  tokenExpiresIn: number;
  import: {
    folderId: string | null;
    folderName: string | null;
    pending: number;
    imported: number;
    failed: number;
    lastError: string | null;
  };
};

const status = async (accountId = DEMO) =>
  (await call(server.app, token, 'GET', `/bff/zoom/status-token?accountId=${accountId}`)).json<Account[]>();

const connection = async (externalId: string, provider = 'zoom', accountId = DEMO) =>
  server.app.db
    .selectFrom('integration_connections')
    .selectAll()
    .where('external_account_id', '=', externalId)
    .where('provider', '=', provider as 'zoom')
    .where('account_id', '=', accountId)
    .executeTakeFirst();

/** Asks for a look at the account's recordings now and waits for it and every import it queued. */
async function pollNow(externalId: string, provider = 'zoom') {
  const row = await connection(externalId, provider);
  const id = await server.app.integrations.schedulePoll(row!.id);
  await jobDone(server.app, POLL_QUEUE, id);
  await until(async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = ${IMPORT_QUEUE} AND state IN ('created', 'retry', 'active')`.execute(server.app.db);
    return rows[0]?.n === 0;
  });
}

describe('Zoom: the authorisation popup', () => {
  it("refuses a team that is not the caller's, a caller without the permission, and a forged popup", async () => {
    const other = await call(
      server.app,
      token,
      'POST',
      `/bff/zoom/oauth?accountId=${DEMO_ACCOUNTS.palcoInterno.id}`,
    );
    expect([403, 404]).toContain(other.statusCode);
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expect((await call(server.app, operator, 'POST', `/bff/zoom/oauth?accountId=${DEMO}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(server.app, operator, 'GET', `/bff/zoom/status-token?accountId=${DEMO}`)).statusCode,
    ).toBe(403);

    // The popup of one team opened with another team's account_id.
    const start = await call(server.app, token, 'POST', `/bff/zoom/oauth?accountId=${DEMO}`);
    const url = new URL(start.json<{ url: string }>().url);
    url.searchParams.set('account_id', EVENTS);
    const mismatch = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.body).toContain('Esta autorização pertence a outro time');
    // An unknown state.
    url.searchParams.set('account_id', DEMO);
    url.searchParams.set('state', 'x'.repeat(43));
    const unknown = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(unknown.statusCode).toBe(400);
    const forged = await server.app.inject({
      method: 'GET',
      url: `/bff/zoom/oauth/callback?code=abc&state=${'y'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('A autorização expirou ou já foi usada');
    expect(await status()).toEqual([]);
  });

  it("'Negar' leaves the card unintegrated, with the reason on the popup's page", async () => {
    const back = await throughConsent(server.app, token, '/bff/zoom/oauth', DEMO, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const page = await callback(server.app, back);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('A autorização foi negada');
    expect(await status()).toEqual([]);
  });

  it('a PKCE challenge swapped on the way makes the code useless', async () => {
    const back = await throughConsent(server.app, token, '/bff/zoom/oauth', DEMO, 'allow', (authorize) =>
      authorize.searchParams.set('code_challenge', 'A'.repeat(43)),
    );
    const page = await callback(server.app, back);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('O provedor recusou a autorização');
    expect(await status()).toEqual([]);
  });

  it('connects, makes the folder, imports the recording once; a replayed callback is refused', async () => {
    const before = zoom.oauth.tokenCalls.authorization_code ?? 0;
    const back = await throughConsent(server.app, token, '/bff/zoom/oauth', DEMO);
    const page = await callback(server.app, back);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Integração concluída');
    const replay = await callback(server.app, back);
    expect(replay.statusCode).toBe(400);
    expect(zoom.oauth.tokenCalls.authorization_code).toBe(before + 1);

    const [account] = await status();
    expect(account).toMatchObject({ zoomAccountId: 'zoom-user-1', activeImport: true, deauthorized: false });
    expect(account!.tokenExpiresIn).toBeGreaterThan(0);
    expect(account!.import.folderName).toBe('Zoom — ana@zoom.example');

    const imported = await until(async () => {
      const [now] = await status();
      return now && now.import.imported === 1 ? now : null;
    });
    const list = await call(
      server.app,
      token,
      'GET',
      `/v1/videos?accountId=${DEMO}&directoryId=${imported.import.folderId}`,
    );
    const videos = list.json<{ items: { id: string; title: string; status: string }[] }>().items;
    expect(videos).toHaveLength(1);
    expect(videos[0]!.title).toMatch(/^Aula de sexta \(\d{4}-\d{2}-\d{2}\)$/);
    // The imported video goes through the same transcode as an upload, and becomes playable.
    await until(async () => {
      const video = (
        await call(server.app, token, 'GET', `/v1/videos/${videos[0]!.id}?accountId=${DEMO}`)
      ).json<{ status: string }>();
      return video.status === 'ready';
    }, 180_000);

    // Looking again finds the same recording: it is not imported twice.
    await pollNow('zoom-user-1');
    expect(zoom.downloads()).toBe(1);
    const again = await call(
      server.app,
      token,
      'GET',
      `/v1/videos?accountId=${DEMO}&directoryId=${imported.import.folderId}`,
    );
    expect(again.json<{ items: unknown[] }>().items).toHaveLength(1);
  }, 240_000);

  it('switching import off stops new imports; on again imports what came meanwhile', async () => {
    const off = await call(server.app, token, 'PUT', `/bff/zoom/importacao-ativa?accountId=${DEMO}`, {
      activeImport: false,
      zoomAccountId: 'zoom-user-1',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ activeImport: false });
    zoom.addRecording(undefined, 'Reunião de segunda');
    await pollNow('zoom-user-1');
    expect(zoom.downloads()).toBe(1);
    expect((await status())[0]!.import.imported).toBe(1);

    const on = await call(server.app, token, 'PUT', `/bff/zoom/importacao-ativa?accountId=${DEMO}`, {
      activeImport: true,
      zoomAccountId: 'zoom-user-1',
    });
    expect(on.json()).toMatchObject({ activeImport: true });
    await until(async () => (await status())[0]!.import.imported === 2);
    expect(zoom.downloads()).toBe(2);
  }, 120_000);

  it('an expired access token is refreshed (and the rotated refresh token saved) transparently', async () => {
    const before = await connection('zoom-user-1');
    zoom.oauth.expireTokens();
    zoom.addRecording(undefined, 'Depois da expiração');
    await pollNow('zoom-user-1');
    expect(zoom.oauth.tokenCalls.refresh_token).toBeGreaterThanOrEqual(1);
    const after = await connection('zoom-user-1');
    expect(after!.refresh_token_enc).not.toBe(before!.refresh_token_enc);
    expect(after!.deauthorized).toBe(false);
    expect((await status())[0]!.import.imported).toBe(3);
  }, 120_000);

  it('a 429 from Zoom is retried with backoff', async () => {
    zoom.failures.add(429, 1, '/rec/download/');
    zoom.addRecording(undefined, 'Com limite de taxa');
    await pollNow('zoom-user-1');
    const [account] = await status();
    expect(account!.import).toMatchObject({ imported: 4, failed: 0 });
    const row = await server.app.db
      .selectFrom('integration_imports')
      .select('attempts')
      .where('title', 'like', 'Com limite de taxa%')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
  }, 120_000);

  it('a download URL on a private address fails the import visibly and reaches nothing', async () => {
    zoom.setPrivateDownload(true);
    zoom.addRecording(undefined, 'Endereço privado');
    await pollNow('zoom-user-1');
    zoom.setPrivateDownload(false);
    expect(zoom.trapHits()).toBe(0);
    const [account] = await status();
    expect(account!.import.failed).toBeGreaterThanOrEqual(1);
    expect(account!.import.lastError).toBe('O endereço do arquivo foi recusado (endereço local ou privado)');
    const failed = await server.app.db
      .selectFrom('videos')
      .select(['status', 'error'])
      .where('title', 'like', 'Endereço privado%')
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
  }, 120_000);
});

describe('Zoom: notifications', () => {
  const post = (body: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/bff/zoom/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const signed = (body: string, secret = zoom.webhookSecretToken) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return { 'x-zm-request-timestamp': timestamp, 'x-zm-signature': zoomSignature(secret, timestamp, body) };
  };

  it('answers the URL validation challenge', async () => {
    const body = JSON.stringify({
      event: 'endpoint.url_validation',
      payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
      event_ts: 1,
    });
    const res = await post(body, signed(body));
    expect(res.statusCode).toBe(200);
    const { createHmac } = await import('node:crypto');
    expect(res.json()).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', zoom.webhookSecretToken)
        .update('qgg8vlvZRS6UYooatFL8Aw')
        .digest('hex'),
    });
  });

  it('refuses a bad signature, an old timestamp and an unsigned call', async () => {
    const body = JSON.stringify({ event: 'app_deauthorized', payload: { user_id: 'zoom-user-1' } });
    expect((await post(body, signed(body, 'wrong-secret'))).statusCode).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect(
      (
        await post(body, {
          'x-zm-request-timestamp': old,
          'x-zm-signature': zoomSignature(zoom.webhookSecretToken, old, body),
        })
      ).statusCode,
    ).toBe(401);
    expect((await post(body, {})).statusCode).toBe(401);
    expect((await status())[0]!.deauthorized).toBe(false);
  });

  it('a signed deauthorization puts the card in its reauthorise state; its switch refuses', async () => {
    const body = JSON.stringify({
      event: 'app_deauthorized',
      event_ts: Date.now(),
      payload: { account_id: 'acct-zoom-user-1', user_id: 'zoom-user-1', client_id: zoom.clientId },
    });
    expect((await post(body, signed(body))).statusCode).toBe(200);
    expect((await status())[0]!.deauthorized).toBe(true);
    const toggle = await call(server.app, token, 'PUT', `/bff/zoom/importacao-ativa?accountId=${DEMO}`, {
      activeImport: true,
      zoomAccountId: 'zoom-user-1',
    });
    expect(toggle.statusCode).toBe(409);
    // Authorising again brings it back.
    const page = await callback(server.app, await throughConsent(server.app, token, '/bff/zoom/oauth', DEMO));
    expect(page.statusCode).toBe(200);
    expect((await status())[0]!.deauthorized).toBe(false);
  });
});

describe('Zoom: multi-account and undo', () => {
  it('holds several accounts, switches them all, and undo revokes each token at Zoom', async () => {
    zoom.oauth.setUser({ id: 'zoom-user-2', email: 'bia@zoom.example', name: 'Bia' });
    expect(
      (await callback(server.app, await throughConsent(server.app, token, '/bff/zoom/oauth-multi', DEMO)))
        .statusCode,
    ).toBe(200);
    zoom.oauth.setUser({ id: 'zoom-user-3', email: 'caio@zoom.example', name: 'Caio' });
    expect(
      (await callback(server.app, await throughConsent(server.app, token, '/bff/zoom/oauth-multi', DEMO)))
        .statusCode,
    ).toBe(200);
    const multi = await call(server.app, token, 'GET', `/bff/zoom/status-token-multi?accountId=${DEMO}`);
    expect(multi.json()).toMatchObject({
      activeImport: true,
      deauthorized: false,
      accounts: [{ zoomAccountId: 'zoom-user-2' }, { zoomAccountId: 'zoom-user-3' }],
    });
    const off = await call(server.app, token, 'PUT', `/bff/zoom/importacao-ativa-multi?accountId=${DEMO}`, {
      activeImport: false,
    });
    expect(off.json()).toMatchObject({
      activeImport: false,
      accounts: [{ activeImport: false }, { activeImport: false }],
    });

    const refresh = zoom.oauth.issued.filter((t) => t.startsWith('rt_'));
    const undo = await call(server.app, token, 'POST', `/bff/zoom/deauthorize-multi?accountId=${DEMO}`, {
      zoomAccountId: 'zoom-user-2',
    });
    expect(undo.statusCode).toBe(204);
    const left = await call(server.app, token, 'GET', `/bff/zoom/status-token-multi?accountId=${DEMO}`);
    expect(left.json<{ accounts: Account[] }>().accounts.map((a) => a.zoomAccountId)).toEqual([
      'zoom-user-3',
    ]);
    expect(zoom.oauth.revoked.some((t) => refresh.includes(t))).toBe(true);

    const single = await call(server.app, token, 'POST', `/bff/zoom/deauthorize?accountId=${DEMO}`, {});
    expect(single.statusCode).toBe(204);
    expect(await status()).toEqual([]);
    const missing = await call(server.app, token, 'POST', `/bff/zoom/deauthorize?accountId=${DEMO}`, {});
    expect(missing.statusCode).toBe(404);
    // Zoom no longer accepts the undone account's tokens.
    const stateNow = (await (await fetch(`${zoom.url}/_control/state`)).json()) as { revoked: string[] };
    expect(stateNow.revoked.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a 21st account on the multi-account card', async () => {
    const { app } = server;
    const present = (await call(app, token, 'GET', `/bff/zoom/status-token-multi?accountId=${DEMO}`)).json<{
      accounts: Account[];
    }>().accounts.length;
    for (let i = present; i < 20; i += 1)
      await upsertConnection(app.db, {
        accountId: DEMO,
        provider: 'zoom-multi',
        externalAccountId: `seeded-${i}`,
        label: null,
        accessTokenEnc: null,
        refreshTokenEnc: null,
        tokenExpiresAt: null,
        scopes: '',
        createdBy: null,
      });
    zoom.oauth.setUser({ id: 'zoom-user-21', email: 'vinte@zoom.example', name: 'Vinte e um' });
    const page = await callback(app, await throughConsent(app, token, '/bff/zoom/oauth-multi', DEMO));
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('O time já tem 20 contas Zoom integradas');
    const multi = await call(app, token, 'GET', `/bff/zoom/status-token-multi?accountId=${DEMO}`);
    expect(multi.json<{ accounts: Account[] }>().accounts).toHaveLength(20);
  });

  it('writes every step to the activity log, and no answer, log line or log entry holds a token', async () => {
    const { rows } = await sql<{ event: string; record: unknown }>`SELECT event, record FROM activity_logs
      WHERE account_id = ${DEMO} ORDER BY created_at`.execute(server.app.db);
    const events = rows.map((r) => r.event);
    for (const event of [
      'INTEGRACAO_AUTORIZADA',
      'IMPORTACAO_ATUALIZADA',
      'GRAVACAO_IMPORTADA',
      'IMPORTACAO_FALHOU',
      'INTEGRACAO_DESAUTORIZADA',
      'INTEGRACAO_REMOVIDA',
    ])
      expect(events).toContain(event);
    const everything = [...answers, ...logLines, JSON.stringify(rows)].join('\n');
    expect(zoom.oauth.issued.length).toBeGreaterThan(4);
    for (const secret of [...zoom.oauth.issued, zoom.clientSecret]) expect(everything).not.toContain(secret);
  });
});
