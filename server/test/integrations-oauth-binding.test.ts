import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { type FakeGoogle, startFakeGoogle } from './fakes/google.ts';
import { makeRecording } from './fakes/media.ts';
import { type FakeZoom, startFakeZoom } from './fakes/zoom.ts';
import { loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import { bindingCookie, call, callback, integrationsConfig, throughConsent } from './integrations-helpers.ts';

// docs/security.md "OAuth popups bound to their browser": a popup address, or the provider's consent
// address taken from it, completed anywhere but in the browser and session that started it connects
// nothing; Google's id_token is verified (issuer, audience, expiry, nonce, signature); and the local
// providers, like the real ones, refuse a code exchanged without PKCE.

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const VICTIM = { id: 'zoom-victim-9', email: 'vitima@zoom.example', name: 'Vítima' };

let zoom: FakeZoom;
let google: FakeGoogle;
let server: TestServer;
let owner: string;

beforeAll(async () => {
  const mp4Path = await makeRecording();
  zoom = await startFakeZoom({ redirectUris: [`${PUBLIC_URL}/bff/zoom/oauth/callback`], mp4Path });
  google = await startFakeGoogle({ redirectUris: [`${PUBLIC_URL}/bff/google-meet/oauth/callback`], mp4Path });
  const hosts = [new URL(zoom.url).host, new URL(google.url).host];
  server = await startTestServer({
    integrations: integrationsConfig({ ...zoom.env, ...google.env }, hosts),
    logLevel: 'warn',
  });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([zoom?.close(), google?.close()]);
});

/** What the team holds: its connections and the recordings queued for import. */
async function held() {
  const connections = await server.app.db
    .selectFrom('integration_connections')
    .select(['provider', 'external_account_id'])
    .where('account_id', '=', DEMO)
    .execute();
  const imports = await server.app.db
    .selectFrom('integration_imports')
    .select('id')
    .where('account_id', '=', DEMO)
    .execute();
  return { connections, imports: imports.length };
}

const popupOf = async (token: string, path: string) => {
  const start = await call(server.app, token, 'POST', `${path}?accountId=${DEMO}`);
  expect(start.statusCode, start.body).toBe(200);
  return { popup: new URL(start.json<{ url: string }>().url), cookie: bindingCookie(start) };
};

describe('the popup address works only in the browser and session that started it', () => {
  it('opened in a browser without the start cookie, it is refused before the provider, in its language', async () => {
    const { popup, cookie } = await popupOf(owner, '/bff/zoom/oauth');
    const url = `${popup.pathname}${popup.search}`;
    const elsewhere = await server.app.inject({ method: 'GET', url });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.headers.location).toBeUndefined();
    expect(elsewhere.body).toContain('data-result="error"');
    expect(elsewhere.body).toContain('foi iniciada em outro navegador');
    const english = await server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(english.statusCode).toBe(403);
    expect(english.body).toContain('was started in another browser');
    // A forged cookie of the right name is no better.
    const forged = await server.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `palco_oauth_zoom=${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(403);
    // The starting browser still goes on to the provider.
    const mine = await server.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(mine.statusCode).toBe(302);
    expect(await held()).toEqual({ connections: [], imports: 0 });
  });

  it("the provider's answer, completed in another browser with that person's account, connects and imports nothing", async () => {
    // The sender's own popup gets to the provider; the consent address is passed on; the victim
    // consents with their own Zoom account, and Zoom sends *their* browser back to the callback.
    zoom.oauth.setUser(VICTIM);
    const exchanges = zoom.oauth.tokenCalls.authorization_code ?? 0;
    try {
      const back = await throughConsent(server.app, owner, '/bff/zoom/oauth', DEMO);
      const page = await callback(server.app, back, null);
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain('nada foi conectado');
      expect(String(page.headers['set-cookie'])).toMatch(/^palco_oauth_zoom=; Path=\/bff\/zoom; Max-Age=0/);
      // The code was never exchanged, and the state is spent: the right browser cannot resume it either.
      expect(zoom.oauth.tokenCalls.authorization_code ?? 0).toBe(exchanges);
      expect((await callback(server.app, back)).statusCode).toBe(400);
    } finally {
      zoom.oauth.setUser(zoom.oauth.users[0]!);
    }
    expect(await held()).toEqual({ connections: [], imports: 0 });
  });

  it("another Palco user's browser, with its own start cookie for the same card, is refused", async () => {
    const staff = await loginAs(server.app, DEMO_USERS.staff.login);
    const theirs = await popupOf(staff, '/bff/zoom/oauth');
    const back = await throughConsent(server.app, owner, '/bff/zoom/oauth', DEMO);
    const page = await callback(server.app, back, theirs.cookie);
    expect(page.statusCode).toBe(403);
    expect(await held()).toEqual({ connections: [], imports: 0 });
  });

  it('a sign-out since the start ends the flow, even in the same browser', async () => {
    const session = await loginAs(server.app, DEMO_USERS.owner.login);
    const back = await throughConsent(server.app, session, '/bff/zoom/oauth', DEMO);
    expect((await call(server.app, session, 'POST', `/bff/logout?accountId=${DEMO}`)).statusCode).toBe(204);
    // The sign-out ended every token of the owner: the next tests sign in again, whatever happens here.
    owner = await loginAs(server.app, DEMO_USERS.owner.login);
    const page = await callback(server.app, back);
    expect(page.statusCode).toBe(403);
    expect(await held()).toEqual({ connections: [], imports: 0 });
  });

  it('the browser and session that started it connect (the popup as the console opens it)', async () => {
    const page = await callback(server.app, await throughConsent(server.app, owner, '/bff/zoom/oauth', DEMO));
    expect(page.statusCode, page.body).toBe(200);
    expect((await held()).connections).toEqual([{ provider: 'zoom', external_account_id: 'zoom-user-1' }]);
  });
});

describe("Google's id_token is verified before it names the connected account", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Record<string, unknown>][] = [
    ['another issuer', () => ({ iss: 'https://accounts.example.com' })],
    ['another audience', () => ({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['an expired token', () => ({ iat: now() - 7200, exp: now() - 3600 })],
    ['another flow’s nonce', () => ({ nonce: 'a-nonce-of-another-flow' })],
  ];
  for (const [what, overrides] of cases) {
    it(`refuses ${what}: nothing is connected`, async () => {
      google.oauth.idTokenOverrides = overrides();
      try {
        const back = await throughConsent(server.app, owner, '/bff/google-meet/oauth', DEMO);
        const page = await callback(server.app, back);
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('A identidade enviada pelo provedor não pôde ser verificada');
      } finally {
        google.oauth.idTokenOverrides = null;
      }
      expect((await held()).connections.filter((c) => c.provider === 'google-meet')).toEqual([]);
    });
  }

  it('sends a nonce with the authorization request and connects with a valid id_token', async () => {
    let nonce: string | null = null;
    const back = await throughConsent(
      server.app,
      owner,
      '/bff/google-meet/oauth',
      DEMO,
      'allow',
      (authorize) => {
        nonce = authorize.searchParams.get('nonce');
      },
    );
    expect(nonce).toMatch(/^[\w-]{32}$/);
    const page = await callback(server.app, back);
    expect(page.statusCode, page.body).toBe(200);
    expect((await held()).connections).toContainEqual({
      provider: 'google-meet',
      external_account_id: google.oauth.users[0]!.id,
    });
  });
});

describe('the local providers refuse a flow without PKCE, as the real ones do', () => {
  for (const [card, path, fake] of [
    ['Zoom', '/bff/zoom/oauth-multi', () => zoom],
    ['Google', '/bff/google-meet/oauth', () => google],
  ] as const) {
    it(`${card}: a consent asked for without code_challenge gives a code its token endpoint refuses`, async () => {
      const before = await held();
      const refusals = fake().oauth.pkceRefusals;
      const back = await throughConsent(server.app, owner, path, DEMO, 'allow', (authorize) => {
        authorize.searchParams.delete('code_challenge');
        authorize.searchParams.delete('code_challenge_method');
      });
      expect(back.searchParams.get('code')).toBeTruthy();
      const page = await callback(server.app, back);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('O provedor recusou a autorização');
      expect(fake().oauth.pkceRefusals).toBe(refusals + 1);
      // No connection, so nothing of this flow can import; the import count is left out because an
      // earlier test's connection may still be importing its recordings in the background meanwhile.
      expect((await held()).connections).toEqual(before.connections);
    });
  }
});
