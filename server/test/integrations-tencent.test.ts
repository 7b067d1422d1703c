import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TencentStatus } from '../../contract/integrations.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { FakeTencentVod } from './fakes/tencent-vod.ts';
import { makeTestMp4 } from './fakes/test-media.ts';
import { expectError, loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

// The Tencent Cloud card against a local Tencent VOD API that checks every TC3-HMAC-SHA256 signature
// for real: keys checked before they are kept, the media imported once into a new folder through the
// real upload and transcode pipeline, and the SecretKey in no answer, log line or activity entry.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const SECRET_ID = 'AKIDpalcoTeste0123456789';
const SECRET_KEY = 'Gu5t9xGARNpq86cd98joQYCNsegredo';

let server: TestServer;
let tencent: FakeTencentVod;
let dir: string;
let owner: string;
let operator: string;
/** Every log line the server wrote. */
const lines: string[] = [];
/** Every answer body the tests received. */
const answers: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palco-tencent-'));
  await makeTestMp4(join(dir, 'media.mp4'));
  tencent = new FakeTencentVod(join(dir, 'media.mp4'));
  tencent.keys.set(SECRET_ID, SECRET_KEY);
  tencent.addMedia('Aula 1 — Introdução');
  tencent.addMedia('Aula 2 — Prática');
  const url = await tencent.listen();
  const base = loadConfig({ PUBLIC_URL });
  server = await startTestServer(
    {
      logLevel: 'trace',
      integrations: {
        ...base.integrations,
        tencent: { apiUrl: url, region: null },
        devHosts: [new URL(url).host],
        retryDelaySeconds: 1,
        // Looks for new media every second: the second look must import nothing again.
        pollSeconds: 1,
      },
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
});
afterAll(async () => {
  await server?.close();
  await tencent?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function api(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, token = owner) {
  const res = await call(server.app, token, method, `${url}?accountId=${DEMO}`, payload);
  answers.push(res.body);
  return res;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Tencent Cloud VOD', () => {
  it('is the integrations page’s: a team member without the permission is refused', async () => {
    const res = await api('GET', '/bff/tencent/vod/importacao-ativa', undefined, operator);
    expect(res.statusCode).toBe(403);
  });

  it('starts unintegrated; switching import without an integration is a 404', async () => {
    const res = await api('GET', '/bff/tencent/vod/importacao-ativa');
    expect(res.statusCode).toBe(200);
    expect(res.json<TencentStatus>()).toMatchObject({
      activeIntegration: false,
      activeImport: false,
      secretId: null,
    });
    expect((await api('PUT', '/bff/tencent/vod/importacao-ativa', { activeImport: true })).statusCode).toBe(
      404,
    );
  });

  it('refuses a wrong key with a form error on secretKey and saves nothing', async () => {
    const wrong = await api('POST', '/bff/tencent/vod/migra-gravacoes', {
      secretId: SECRET_ID,
      secretKey: 'not-the-key',
    });
    expect(expectError(wrong, 400)).toBe(
      'A Tencent Cloud recusou estas chaves. Confira o SecretId e a SecretKey',
    );
    expect(wrong.json<{ field?: string }>().field).toBe('secretKey');
    // The local Tencent checked the signature and refused it.
    expect(tencent.calls.at(-1)).toMatchObject({
      action: 'SearchMedia',
      error: 'AuthFailure.SignatureFailure',
    });
    const unknown = await api('POST', '/bff/tencent/vod/migra-gravacoes', {
      secretId: 'AKIDdesconhecido',
      secretKey: SECRET_KEY,
    });
    expect(unknown.statusCode).toBe(400);
    expect(tencent.calls.at(-1)?.error).toBe('AuthFailure.SecretIdNotFound');
    const status = await api('GET', '/bff/tencent/vod/importacao-ativa');
    expect(status.json<TencentStatus>().activeIntegration).toBe(false);
    const rows = await server.app.db
      .selectFrom('integration_connections')
      .select('id')
      .where('provider', '=', 'tencent')
      .execute();
    expect(rows).toEqual([]);
  });

  it('validates the form: both fields required and bounded', async () => {
    expect((await api('POST', '/bff/tencent/vod/migra-gravacoes', { secretId: SECRET_ID })).statusCode).toBe(
      400,
    );
    expect(
      (await api('POST', '/bff/tencent/vod/migra-gravacoes', { secretId: '', secretKey: SECRET_KEY }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', '/bff/tencent/vod/migra-gravacoes', {
          secretId: SECRET_ID,
          secretKey: 'x'.repeat(500),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('with the right keys imports every media once into a new folder, where it plays', async () => {
    const res = await api('POST', '/bff/tencent/vod/migra-gravacoes', {
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json<TencentStatus>();
    expect(status).toMatchObject({ activeIntegration: true, activeImport: true, secretId: SECRET_ID });
    expect(status.import.folderName).toBe('Tencent Cloud');
    const folderId = status.import.folderId;
    expect(folderId).toBeTruthy();
    const videos = await until('two ready videos in the folder', async () => {
      const rows = await server.app.db
        .selectFrom('videos')
        .select(['id', 'title', 'status', 'error'])
        .where('directory_id', '=', folderId)
        .execute();
      if (rows.some((r) => r.status === 'failed')) throw new Error(JSON.stringify(rows));
      return rows.length === 2 && rows.every((r) => r.status === 'ready') ? rows : undefined;
    });
    expect(videos.map((v) => v.title).sort()).toEqual(['Aula 1 — Introdução', 'Aula 2 — Prática']);
    expect(tencent.downloads).toBe(2);
    expect(tencent.calls.some((c) => c.action === 'DescribeMediaInfos' && c.error === null)).toBe(true);
    const after = await api('GET', '/bff/tencent/vod/importacao-ativa');
    expect(after.json<TencentStatus>().import).toMatchObject({ imported: 2, pending: 0, failed: 0 });

    // Another look finds the same media: nothing is imported twice.
    const connection = await server.app.db
      .selectFrom('integration_connections')
      .select(['secret_enc'])
      .where('provider', '=', 'tencent')
      .executeTakeFirstOrThrow();
    const searches = tencent.calls.filter((c) => c.action === 'SearchMedia').length;
    await until('another look', async () =>
      tencent.calls.filter((c) => c.action === 'SearchMedia').length > searches ? true : undefined,
    );
    await sleep(500);
    expect(
      await server.app.db.selectFrom('videos').select('id').where('directory_id', '=', folderId).execute(),
    ).toHaveLength(2);
    // Sealed at rest.
    expect(connection.secret_enc).not.toContain(SECRET_KEY);
  }, 150_000);

  it('switches import off and on', async () => {
    const off = await api('PUT', '/bff/tencent/vod/importacao-ativa', { activeImport: false });
    expect(off.json<TencentStatus>()).toMatchObject({ activeIntegration: true, activeImport: false });
    const on = await api('PUT', '/bff/tencent/vod/importacao-ativa', { activeImport: true });
    expect(on.json<TencentStatus>().activeImport).toBe(true);
  });

  it('undo forgets the keys; the imported videos stay', async () => {
    const res = await api('DELETE', '/bff/tencent/vod/migra-gravacoes');
    expect(res.statusCode).toBe(204);
    const status = await api('GET', '/bff/tencent/vod/importacao-ativa');
    expect(status.json<TencentStatus>()).toMatchObject({ activeIntegration: false, secretId: null });
    expect((await api('DELETE', '/bff/tencent/vod/migra-gravacoes')).statusCode).toBe(404);
    const events = await server.app.db
      .selectFrom('activity_logs')
      .select(['event', 'record'])
      .where('account_id', '=', DEMO)
      .where('event', 'in', [
        'INTEGRACAO_AUTORIZADA',
        'INTEGRACAO_REMOVIDA',
        'IMPORTACAO_ATUALIZADA',
        'GRAVACAO_IMPORTADA',
      ])
      .execute();
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        'INTEGRACAO_AUTORIZADA',
        'INTEGRACAO_REMOVIDA',
        'IMPORTACAO_ATUALIZADA',
        'GRAVACAO_IMPORTADA',
      ]),
    );
    expect(JSON.stringify(events)).not.toContain(SECRET_KEY);
  });

  it('never says the SecretKey: not in an answer, a log line, nor to Tencent itself', () => {
    expect(answers.join('\n')).not.toContain(SECRET_KEY);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SECRET_KEY);
    expect(JSON.stringify(tencent.calls)).not.toContain(SECRET_KEY);
  });
});
