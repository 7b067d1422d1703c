import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { type FakeGoogle, startFakeGoogle } from './fakes/google.ts';
import { makeRecording } from './fakes/media.ts';
import { loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import {
  answers,
  call,
  callback,
  integrationsConfig,
  throughConsent,
  until,
} from './integrations-helpers.ts';

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
let google: FakeGoogle;
let server: TestServer;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  const mp4Path = await makeRecording();
  google = await startFakeGoogle({ redirectUris: [`${PUBLIC_URL}/bff/google-meet/oauth/callback`], mp4Path });
  server = await startTestServer(
    { integrations: integrationsConfig(google.env, [new URL(google.url).host]), logLevel: 'info' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  token = await loginAs(server.app, DEMO_USERS.owner.login);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await google?.close();
});

type Status = {
  integrated: boolean;
  activeImport: boolean;
  deauthorized: boolean;
  label: string | null;
  import: {
    folderId: string | null;
    imported: number;
    failed: number;
    pending: number;
    lastError: string | null;
  };
};
const status = async () =>
  (
    await call(server.app, token, 'GET', `/bff/google-meet/importacao-ativa?accountId=${DEMO}`)
  ).json<Status>();

describe('Google Meet', () => {
  it('says when the server has no Google client, and the other cards what they have', async () => {
    const providers = await call(server.app, token, 'GET', `/bff/integrations/providers?accountId=${DEMO}`);
    expect(providers.json()).toMatchObject({
      providers: {
        'google-meet': { configured: true },
        zoom: { configured: false },
        'zoom-multi': { configured: false },
      },
    });
    const zoom = await call(server.app, token, 'POST', `/bff/zoom/oauth?accountId=${DEMO}`);
    expect(zoom.statusCode).toBe(409);
    expect(zoom.json().message).toBe('A integração com Zoom não está configurada neste servidor');
    expect(await status()).toMatchObject({ integrated: false, activeImport: false, deauthorized: false });
  });

  it('connects with the Meet and Drive read-only scopes and imports the conference recording', async () => {
    const back = await throughConsent(
      server.app,
      token,
      '/bff/google-meet/oauth',
      DEMO,
      'allow',
      (authorize) => {
        expect(authorize.searchParams.get('scope')).toBe(
          'openid email https://www.googleapis.com/auth/meetings.space.readonly https://www.googleapis.com/auth/drive.readonly',
        );
        expect(authorize.searchParams.get('access_type')).toBe('offline');
        expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
        expect(authorize.searchParams.get('redirect_uri')).toBe(
          `${PUBLIC_URL}/bff/google-meet/oauth/callback`,
        );
      },
    );
    const page = await callback(server.app, back);
    expect(page.statusCode).toBe(200);
    expect(await status()).toMatchObject({
      integrated: true,
      activeImport: true,
      label: 'ana@gmail.example',
    });
    const done = await until(async () => {
      const now = await status();
      return now.import.imported === 1 ? now : null;
    });
    const list = await call(
      server.app,
      token,
      'GET',
      `/v1/videos?accountId=${DEMO}&directoryId=${done.import.folderId}`,
    );
    expect(list.json<{ items: { title: string }[] }>().items.map((v) => v.title)).toEqual([
      expect.stringMatching(/^Google Meet \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/),
    ]);
    expect(google.downloads()).toBe(1);
  }, 120_000);

  it('a Drive redirect to a metadata address fails the import and reaches nothing', async () => {
    google.setPrivateDownload(true);
    google.addMeeting();
    const off = await call(server.app, token, 'PUT', `/bff/google-meet/importacao-ativa?accountId=${DEMO}`, {
      activeImport: false,
    });
    expect(off.json()).toMatchObject({ activeImport: false });
    const on = await call(server.app, token, 'PUT', `/bff/google-meet/importacao-ativa?accountId=${DEMO}`, {
      activeImport: true,
    });
    expect(on.json()).toMatchObject({ activeImport: true });
    const failed = await until(async () => {
      const now = await status();
      return now.import.failed === 1 ? now : null;
    });
    google.setPrivateDownload(false);
    expect(failed.import.lastError).toBe('O endereço do arquivo foi recusado (endereço local ou privado)');
    expect(google.trapHits()).toBe(0);
  }, 120_000);

  it('undo revokes the grant at Google; the card is not integrated any more', async () => {
    const issued = [...google.oauth.issued];
    const undo = await call(server.app, token, 'POST', `/bff/google-meet/deauthorize?accountId=${DEMO}`);
    expect(undo.statusCode).toBe(204);
    expect(google.oauth.revoked.some((t) => issued.includes(t))).toBe(true);
    expect(await status()).toMatchObject({ integrated: false, activeImport: false });
    expect(
      (await call(server.app, token, 'POST', `/bff/google-meet/deauthorize?accountId=${DEMO}`)).statusCode,
    ).toBe(404);
    // What was imported stays in the library.
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM videos v JOIN integration_imports i
      ON i.video_id = v.id WHERE i.source = 'google-meet'`.execute(server.app.db);
    expect(rows[0]?.n).toBe(2);
  });

  it('no answer or log line holds a Google token or the client secret', () => {
    const everything = [...answers, ...logLines].join('\n');
    for (const secret of [...google.oauth.issued, 'google-client-secret'])
      expect(everything).not.toContain(secret);
  });
});
