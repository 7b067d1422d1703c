import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import { FakeTencentVod } from './fakes/tencent-vod.ts';
import type { TestServer } from './helpers.ts';
import type { Call } from './logs-coverage-call.ts';

// The Tencent, YouTube and Facebook exercises of logs-coverage.test.ts (same contract as
// logs-coverage-admin.ts). Tencent's keys are checked by a signed call: a local Tencent VOD answers it.

interface Ctx {
  call: Call;
  act: Call;
  owner: string;
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const SECRET_ID = 'AKIDcobertura0123';
const SECRET_KEY = 'chave-secreta-da-cobertura';

/** Runs `fn` with the server's Tencent endpoint on a local Tencent VOD that knows the test keys. */
async function withTencent<T>(server: TestServer, fn: () => Promise<T>): Promise<T> {
  const tencent = new FakeTencentVod(join(await mkdtemp(join(tmpdir(), 'palco-cover-')), 'none.mp4'));
  tencent.keys.set(SECRET_ID, SECRET_KEY);
  const settings = server.app.config.integrations.tencent;
  const previous = settings.apiUrl;
  settings.apiUrl = await tencent.listen();
  try {
    return await fn();
  } finally {
    settings.apiUrl = previous;
    await tencent.close();
  }
}

async function connectTencent(server: TestServer, ctx: Ctx, call: Call): Promise<void> {
  await withTencent(server, async () => {
    const res = await call(ctx.owner, 'POST', `/bff/tencent/vod/migra-gravacoes?accountId=${DEMO}`, {
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
}

/** A connection as the YouTube / Facebook callbacks leave it (their OAuth is tested in their own files). */
async function connection(server: TestServer, provider: 'youtube' | 'facebook'): Promise<void> {
  const { db, integrations } = server.app;
  await db
    .deleteFrom('integration_connections')
    .where('account_id', '=', DEMO)
    .where('provider', '=', provider)
    .execute();
  await db
    .insertInto('integration_connections')
    .values({
      account_id: DEMO,
      provider,
      external_account_id: provider === 'youtube' ? 'UCcobertura' : '1040000000001',
      label: 'Cobertura',
      access_token_enc: integrations.seal(DEMO, provider, TOKEN),
      refresh_token_enc: null,
      secret_enc: null,
      token_expires_at: null,
      folder_id: null,
      data: '{}',
      last_polled_at: null,
      last_error: null,
      created_by: null,
    })
    .execute();
}
const TOKEN = 'token-de-cobertura-que-nao-aparece';

type Outcome = { event: keyof typeof EVENT_TYPES; secrets?: string[] } | { event: null; why: string };

export function integrationLiveExercises(
  server: () => TestServer,
): Record<string, (ctx: Ctx) => Promise<Outcome>> {
  return {
    'POST /bff/palco-youtube/oauth': async (ctx) => {
      const google = server().app.config.integrations.google;
      const before = { clientId: google.clientId, clientSecret: google.clientSecret };
      Object.assign(google, { clientId: 'cliente-cobertura', clientSecret: 'segredo-cobertura' });
      await ctx.act(ctx.owner, 'POST', `/bff/palco-youtube/oauth?accountId=${DEMO}`);
      Object.assign(google, before);
      return {
        event: null,
        why: 'starting an authorisation connects nothing (the callback logs the connection)',
      };
    },
    'PUT /bff/palco-youtube/importacao-ativa': async (ctx) => {
      await connection(server(), 'youtube');
      await ctx.act(ctx.owner, 'PUT', `/bff/palco-youtube/importacao-ativa?accountId=${DEMO}`, {
        enabled: true,
      });
      return { event: 'IMPORTACAO_ATUALIZADA', secrets: [TOKEN] };
    },
    'POST /bff/palco-youtube/deauthorize': async (ctx) => {
      await connection(server(), 'youtube');
      await ctx.act(ctx.owner, 'POST', `/bff/palco-youtube/deauthorize?accountId=${DEMO}`);
      return { event: 'INTEGRACAO_REMOVIDA', secrets: [TOKEN] };
    },
    'POST /bff/facebook/oauth': async (ctx) => {
      const facebook = server().app.config.integrations.facebook;
      const before = { appId: facebook.appId, appSecret: facebook.appSecret };
      Object.assign(facebook, { appId: 'app-cobertura', appSecret: 'segredo-cobertura' });
      await ctx.act(ctx.owner, 'POST', `/bff/facebook/oauth?accountId=${DEMO}`);
      Object.assign(facebook, before);
      return {
        event: null,
        why: 'starting an authorisation connects nothing (the callback logs the connection)',
      };
    },
    'PUT /bff/facebook/status': async (ctx) => {
      await connection(server(), 'facebook');
      await ctx.act(ctx.owner, 'PUT', `/bff/facebook/status?accountId=${DEMO}`, { enabled: true });
      return { event: 'IMPORTACAO_ATUALIZADA', secrets: [TOKEN] };
    },
    'POST /bff/facebook/deauthorize': async (ctx) => {
      await connection(server(), 'facebook');
      await ctx.act(ctx.owner, 'POST', `/bff/facebook/deauthorize?accountId=${DEMO}`);
      return { event: 'INTEGRACAO_REMOVIDA', secrets: [TOKEN] };
    },
    'POST /bff/tencent/vod/migra-gravacoes': async (ctx) => {
      await connectTencent(server(), ctx, ctx.act);
      return { event: 'INTEGRACAO_AUTORIZADA', secrets: [SECRET_KEY] };
    },
    'PUT /bff/tencent/vod/importacao-ativa': async (ctx) => {
      await connectTencent(server(), ctx, ctx.call);
      await ctx.act(ctx.owner, 'PUT', `/bff/tencent/vod/importacao-ativa?accountId=${DEMO}`, {
        activeImport: false,
      });
      return { event: 'IMPORTACAO_ATUALIZADA', secrets: [SECRET_KEY] };
    },
    'DELETE /bff/tencent/vod/migra-gravacoes': async (ctx) => {
      await connectTencent(server(), ctx, ctx.call);
      await ctx.act(ctx.owner, 'DELETE', `/bff/tencent/vod/migra-gravacoes?accountId=${DEMO}`);
      return { event: 'INTEGRACAO_REMOVIDA', secrets: [SECRET_KEY] };
    },
  };
}
