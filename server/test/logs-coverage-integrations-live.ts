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

export function integrationLiveExercises(
  server: () => TestServer,
): Record<string, (ctx: Ctx) => Promise<{ event: keyof typeof EVENT_TYPES; secrets?: string[] }>> {
  return {
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
