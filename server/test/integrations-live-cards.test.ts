import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacebookStatus, YoutubeStatus, YoutubeVideo } from '../../contract/integrations.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { FakeFacebook } from './fakes/facebook.ts';
import { RtmpReceiver } from './fakes/rtmp-receiver.ts';
import { FakeYoutube } from './fakes/youtube.ts';
import { loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import { bindingCookie } from './integrations-helpers.ts';
import { call } from './streams-helpers.ts';

// The YouTube and Facebook cards against local providers: Facebook Login in the popup ('Autorizar'
// and 'Negar' on the local consent page), the flag cookie that holds no token, the switches, the
// channel's uploads, and undo revoking the grant at the provider.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;
const YOUTUBE_TOKEN = 'ya29.token-do-canal';

let server: TestServer;
let receiver: RtmpReceiver;
let youtube: FakeYoutube;
let facebook: FakeFacebook;
let owner: string;
const lines: string[] = [];

beforeAll(async () => {
  receiver = new RtmpReceiver({ dir: tmpdir() });
  await receiver.listen();
  youtube = new FakeYoutube(receiver, (token) =>
    token === YOUTUBE_TOKEN ? ['https://www.googleapis.com/auth/youtube'] : null,
  );
  facebook = new FakeFacebook(receiver);
  await youtube.listen();
  await facebook.listen();
  const base = loadConfig({ PUBLIC_URL }).integrations;
  server = await startTestServer(
    {
      logLevel: 'trace',
      integrations: {
        ...base,
        google: {
          ...base.google,
          clientId: 'google-cliente',
          clientSecret: 'google-segredo',
          revokeUrl: `${new URL(youtube.url).origin}/revoke`,
        },
        youtube: { apiUrl: youtube.url, broadcastPrivacy: 'unlisted' },
        facebook: {
          appId: facebook.appId,
          appSecret: facebook.appSecret,
          graphUrl: facebook.graphUrl,
          dialogUrl: facebook.dialogUrl,
        },
      },
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
  await Promise.all([receiver?.close(), youtube?.close(), facebook?.close()]);
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, accountId = DEMO) =>
  call(server.app, owner, method, `${url}?accountId=${accountId}`, payload);

/** The popup, as a browser follows it: Palco's popup URL → the consent page → a click → Palco's callback. */
async function facebookPopup(
  decision: 'allow' | 'deny',
  beforeCallback?: () => Promise<void>,
  /** What an attacker changes: the challenge the dialog gets (''=none), the cookie the callback carries. */
  tamper?: { challenge?: string; cookie?: string },
) {
  const start = await api('POST', '/bff/facebook/oauth');
  expect(start.statusCode, start.body).toBe(200);
  const cookie = bindingCookie(start);
  const popup = new URL(start.json<{ url: string }>().url);
  expect(popup.pathname).toBe('/bff/facebook/oauth');
  expect(popup.searchParams.get('account_id')).toBe(DEMO);
  const toDialog = await server.app.inject({
    method: 'GET',
    url: `${popup.pathname}${popup.search}`,
    headers: { cookie },
  });
  expect(toDialog.statusCode).toBe(302);
  const dialog = new URL(String(toDialog.headers.location));
  expect(`${dialog.origin}${dialog.pathname}`).toBe(facebook.dialogUrl);
  expect(dialog.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/bff/facebook/oauth/callback`);
  const page = await fetch(dialog);
  const html = await page.text();
  expect(html).toContain('Autorizar');
  expect(html).toContain('Negar');
  const decided = await fetch(`${facebook.url}/v19.0/dialog/oauth/decide`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      decision,
      redirect_uri: dialog.searchParams.get('redirect_uri') ?? '',
      state: dialog.searchParams.get('state') ?? '',
      scope: dialog.searchParams.get('scope') ?? '',
      code_challenge: (tamper?.challenge ?? dialog.searchParams.get('code_challenge')) || '',
      code_challenge_method: dialog.searchParams.get('code_challenge_method') ?? '',
    }),
  });
  const back = new URL(String(decided.headers.get('location')));
  await beforeCallback?.();
  return server.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: tamper?.cookie === undefined ? cookie : tamper.cookie },
  });
}

describe('Facebook Live card', () => {
  it("'Negar' leaves the card unintegrated, with the reason on the popup", async () => {
    const res = await facebookPopup('deny');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A autorização foi negada');
    expect(String(res.headers['set-cookie'])).not.toContain('facebook_token=');
    expect((await api('GET', '/bff/facebook/status')).json<FacebookStatus>().integrated).toBe(false);
  });

  it('a user who lost the right to integrate while the popup was open connects nothing', async () => {
    // The team gives the popup's starter a role without `integrations` before Facebook sends them back.
    const res = await facebookPopup('allow', async () => {
      await server.app.db
        .updateTable('oauth_states')
        .set({ user_id: DEMO_USERS.operator.id })
        .where('account_id', '=', DEMO)
        .where('provider', '=', 'facebook')
        .execute();
    });
    expect(res.statusCode).toBe(403);
    expect(String(res.headers['set-cookie'])).not.toContain('facebook_token=');
    expect((await api('GET', '/bff/facebook/status')).json<FacebookStatus>().integrated).toBe(false);
  });

  it('completed in a browser without the start cookie, it connects nothing (docs/security.md)', async () => {
    const exchanges = facebook.calls.filter((c) => c.path.endsWith('/oauth/access_token')).length;
    const res = await facebookPopup('allow', undefined, { cookie: '' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('foi iniciada em outro navegador');
    expect(String(res.headers['set-cookie'])).not.toContain('facebook_token=');
    expect(facebook.calls.filter((c) => c.path.endsWith('/oauth/access_token')).length).toBe(exchanges);
    expect((await api('GET', '/bff/facebook/status')).json<FacebookStatus>().integrated).toBe(false);
  });

  it('a Login dialog asked for without a PKCE challenge gives a code Facebook refuses', async () => {
    const refusals = facebook.pkceRefusals;
    const res = await facebookPopup('allow', undefined, { challenge: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('O provedor recusou a autorização');
    expect(facebook.pkceRefusals).toBe(refusals + 1);
    expect((await api('GET', '/bff/facebook/status')).json<FacebookStatus>().integrated).toBe(false);
  });

  it("'Autorizar' connects the first Page; the cookie is a flag, the tokens stay on the server", async () => {
    const res = await facebookPopup('allow');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Integração concluída');
    expect(String(res.headers['set-cookie'])).toMatch(/(^|,)facebook_token=1;/);
    const status = await api('GET', '/bff/facebook/status');
    expect(status.json<FacebookStatus>()).toEqual({
      integrated: true,
      enabled: false,
      deauthorized: false,
      page: { id: facebook.page.id, name: facebook.page.name },
    });
    const tokens = [...facebook.userTokens, ...facebook.pageTokens];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(status.body + String(res.headers['set-cookie'])).not.toContain(token);
      expect(lines.join('\n')).not.toContain(token);
    }
    const enabled = await api('PUT', '/bff/facebook/status', { enabled: true });
    expect(enabled.json<FacebookStatus>().enabled).toBe(true);
  });

  it('is per team: another team has no Facebook connection', async () => {
    expect(
      (await api('GET', '/bff/facebook/status', undefined, EVENTOS)).json<FacebookStatus>().integrated,
    ).toBe(false);
    expect((await api('POST', '/bff/facebook/deauthorize', undefined, EVENTOS)).statusCode).toBe(404);
  });

  it('undo revokes the grant at Facebook and clears the flag', async () => {
    const userToken = [...facebook.userTokens][0];
    const res = await api('POST', '/bff/facebook/deauthorize');
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^facebook_token=; .*Max-Age=0/);
    expect(facebook.revoked).toEqual([userToken]);
    expect((await api('GET', '/bff/facebook/status')).json<FacebookStatus>().integrated).toBe(false);
  });

  it('a popup with a state of another team is refused', async () => {
    const start = await api('POST', '/bff/facebook/oauth');
    const popup = new URL(start.json<{ url: string }>().url);
    popup.searchParams.set('account_id', EVENTOS);
    const res = await server.app.inject({ method: 'GET', url: `${popup.pathname}${popup.search}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('YouTube card', () => {
  it('sends the popup to Google with PKCE, the one youtube scope and offline access', async () => {
    const start = await api('POST', '/bff/palco-youtube/oauth');
    expect(start.statusCode, start.body).toBe(200);
    const popup = new URL(start.json<{ url: string }>().url);
    const res = await server.app.inject({
      method: 'GET',
      url: `${popup.pathname}${popup.search}`,
      headers: { cookie: bindingCookie(start) },
    });
    expect(res.statusCode).toBe(302);
    const google = new URL(String(res.headers.location));
    expect(google.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/youtube');
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('access_type')).toBe('offline');
    expect(google.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/bff/palco-youtube/oauth/callback`);
  });

  it('lists the channel’s uploads, switches the simulcast, and undo revokes the token at Google', async () => {
    const { db, integrations } = server.app;
    await db
      .insertInto('integration_connections')
      .values({
        account_id: DEMO,
        provider: 'youtube',
        external_account_id: youtube.channel.id,
        label: youtube.channel.title,
        access_token_enc: integrations.seal(DEMO, 'youtube', YOUTUBE_TOKEN),
        refresh_token_enc: null,
        secret_enc: null,
        token_expires_at: new Date(Date.now() + 3_600_000),
        folder_id: null,
        data: JSON.stringify({ uploadsPlaylistId: `UU${youtube.channel.id.slice(2)}` }),
        last_polled_at: null,
        last_error: null,
        created_by: null,
      })
      .execute();
    const status = await api('GET', '/bff/palco-youtube/importacao-ativa');
    expect(status.json<YoutubeStatus>()).toEqual({
      integrated: true,
      enabled: false,
      deauthorized: false,
      channel: { id: youtube.channel.id, title: youtube.channel.title },
    });
    const videos = (await api('GET', '/bff/palco-youtube/videos')).json<YoutubeVideo[]>();
    expect(videos.map((v) => v.title)).toEqual(['Aula inaugural', 'Encontro de outubro']);
    expect(videos[0]?.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const on = await api('PUT', '/bff/palco-youtube/importacao-ativa', { enabled: true });
    expect(on.json<YoutubeStatus>().enabled).toBe(true);
    const undo = await api('POST', '/bff/palco-youtube/deauthorize');
    expect(undo.statusCode).toBe(204);
    expect(youtube.revoked).toEqual([YOUTUBE_TOKEN]);
    expect((await api('GET', '/bff/palco-youtube/importacao-ativa')).json<YoutubeStatus>().integrated).toBe(
      false,
    );
    expect(lines.join('\n')).not.toContain(YOUTUBE_TOKEN);
  });
});
