import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import type { TestServer } from './helpers.ts';
import { signedInMember } from './logs-coverage-admin.ts';
import type { Call } from './logs-coverage-call.ts';
import { multipart } from './streams-helpers.ts';

// The two-factor, own-avatar and account-logo exercises of logs-coverage.test.ts (same contract: each makes its call through ctx.act
// and says what that logged).

interface Ctx {
  call: Call;
  act: Call;
  owner: string;
}

interface Expected {
  event: keyof typeof EVENT_TYPES | null;
  why?: string;
  actor?: string | null;
  secrets?: string[];
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
let n = 0;
const code = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function withTwoFactor(server: () => TestServer, ctx: Ctx) {
  const login = `cover-2fa-${++n}@palco.test`;
  const token = await signedInMember(server().app, login);
  const setup = await ctx.call(token, 'POST', `/v1/me/2fa/setup?accountId=${DEMO}`);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await ctx.call(token, 'POST', `/v1/me/2fa/enable?accountId=${DEMO}`, {
    code: code(secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { login, token, secret };
}

export function twoFactorExercises(
  server: () => TestServer,
): Record<string, (ctx: Ctx) => Promise<Expected>> {
  return {
    'POST /v1/me/avatar': async (ctx) => {
      const login = `cover-avatar-${++n}@palco.test`;
      const token = await signedInMember(server().app, login);
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
      })
        .png()
        .toBuffer();
      await ctx.act(token, 'POST', `/v1/me/avatar?accountId=${DEMO}`, multipart(png, { type: 'image/png' }));
      return { event: 'PERFIL_ATUALIZADO', actor: login };
    },
    'POST /v1/account/logo': async (ctx) => {
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: 3, g: 2, b: 1 } },
      })
        .png()
        .toBuffer();
      await ctx.act(
        ctx.owner,
        'POST',
        `/v1/account/logo?accountId=${DEMO}`,
        multipart(png, { type: 'image/png' }),
      );
      return { event: 'CONTA_ATUALIZADA' };
    },
    'POST /v1/me/2fa/setup': async (ctx) => {
      const token = await signedInMember(server().app, `cover-2fa-${++n}@palco.test`);
      await ctx.act(token, 'POST', `/v1/me/2fa/setup?accountId=${DEMO}`);
      return { event: null, why: 'a pending secret changes nothing until a code confirms it (enable)' };
    },
    'POST /v1/me/2fa/enable': async (ctx) => {
      const login = `cover-2fa-${++n}@palco.test`;
      const token = await signedInMember(server().app, login);
      const setup = await ctx.call(token, 'POST', `/v1/me/2fa/setup?accountId=${DEMO}`);
      const { secret } = setup.json<{ secret: string }>();
      const res = await ctx.act(token, 'POST', `/v1/me/2fa/enable?accountId=${DEMO}`, { code: code(secret) });
      return {
        event: 'DOIS_FATORES_ATIVADO',
        actor: login,
        secrets: [secret, ...res.json<{ recoveryCodes: string[] }>().recoveryCodes],
      };
    },
    'POST /v1/me/2fa/disable': async (ctx) => {
      const { login, token, secret } = await withTwoFactor(server, ctx);
      await ctx.act(token, 'POST', `/v1/me/2fa/disable?accountId=${DEMO}`, {
        currentPassword: 'palco123',
        code: code(secret, 1),
      });
      return { event: 'DOIS_FATORES_DESATIVADO', actor: login, secrets: [secret] };
    },
    'POST /api/user/login/2fa': async (ctx) => {
      const { login, secret } = await withTwoFactor(server, ctx);
      const first = await ctx.call(null, 'POST', '/api/user/login', { login, password: 'palco123' });
      const { challenge } = first.json<{ twoFactor: { challenge: string } }>().twoFactor;
      await ctx.act(null, 'POST', '/api/user/login/2fa', { challenge, code: code(secret, 1) });
      return { event: 'LOGIN_REALIZADO', actor: login, secrets: [secret, challenge] };
    },
  };
}
