import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import { hashPassword } from '../src/lib/password.ts';
import { lastInvitation } from './admin-helpers.ts';
import { loginAs, type TestServer } from './helpers.ts';
import type { Call } from './logs-coverage-call.ts';

// The users, invitations and roles exercises of logs-coverage.test.ts (same contract: each makes its
// call through ctx.act and says what that logged).

interface AdminCtx {
  call: Call;
  act: Call;
  owner: string;
}

interface AdminExpected {
  event: keyof typeof EVENT_TYPES;
  followedBy?: Array<keyof typeof EVENT_TYPES>;
  actor?: string | null;
  secrets?: string[];
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const OPERADOR = DEMO_ROLES.operadorDemo.id;
let n = 0;
const address = () => `cover-invite-${++n}@palco.test`;

async function invite(ctx: AdminCtx, email: string): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/invitations?accountId=${DEMO}`, {
    email,
    roleId: OPERADOR,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function member(app: FastifyInstance, login: string): Promise<string> {
  const user = await app.db
    .insertInto('users')
    .values({
      login,
      name: 'Membro',
      avatar: null,
      password_hash: 'unused',
      default_account_id: DEMO,
      root_directory: null,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('memberships')
    .values({ user_id: user.id, account_id: DEMO, role_id: OPERADOR })
    .execute();
  return user.id;
}

/** A new member of the demo team with the demo password, signed in. */
export async function signedInMember(app: FastifyInstance, login: string): Promise<string> {
  const id = await member(app, login);
  await app.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
    .where('id', '=', id)
    .execute();
  return loginAs(app, login);
}

async function role(ctx: AdminCtx, name: string): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/roles?accountId=${DEMO}`, {
    name,
    permissions: ['showVOD'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

export function adminExercises(
  server: () => TestServer,
): Record<string, (ctx: AdminCtx) => Promise<AdminExpected>> {
  return {
    'POST /v1/invitations': async (ctx) => {
      await ctx.act(ctx.owner, 'POST', `/v1/invitations?accountId=${DEMO}`, {
        email: address(),
        roleId: OPERADOR,
      });
      return { event: 'CONVITE_CRIADO' };
    },
    'POST /v1/invitations/:id/resend': async (ctx) => {
      const id = await invite(ctx, address());
      await ctx.act(ctx.owner, 'POST', `/v1/invitations/${id}/resend?accountId=${DEMO}`);
      return { event: 'CONVITE_ATUALIZADO' };
    },
    'DELETE /v1/invitations/:id': async (ctx) => {
      const id = await invite(ctx, address());
      await ctx.act(ctx.owner, 'DELETE', `/v1/invitations/${id}?accountId=${DEMO}`);
      return { event: 'CONVITE_REMOVIDO' };
    },
    'POST /v1/invitation-links/:token/accept': async (ctx) => {
      const email = address();
      await invite(ctx, email);
      const token = await lastInvitation(server(), email);
      await ctx.act(null, 'POST', `/v1/invitation-links/${token}/accept`, {
        name: 'Convidada',
        password: 'segredo1',
      });
      // The invitee is signed in by the acceptance: the sign-in is logged after it, in the same team.
      return {
        event: 'CONVITE_ACEITO',
        followedBy: ['LOGIN_REALIZADO'],
        actor: email,
        secrets: [token, 'segredo1'],
      };
    },
    'PATCH /v1/users/:userId/role': async (ctx) => {
      const id = await member(server().app, address());
      const roleId = await role(ctx, `cargo-${n}`);
      await ctx.act(ctx.owner, 'PATCH', `/v1/users/${id}/role?accountId=${DEMO}`, { roleId });
      return { event: 'CARGO_USUARIO_ATUALIZADO' };
    },
    'DELETE /v1/users/:userId': async (ctx) => {
      const id = await member(server().app, address());
      await ctx.act(ctx.owner, 'DELETE', `/v1/users/${id}?accountId=${DEMO}`);
      return { event: 'USUARIO_REMOVIDO' };
    },
    'POST /v1/roles': async (ctx) => {
      await ctx.act(ctx.owner, 'POST', `/v1/roles?accountId=${DEMO}`, {
        name: 'Novo cargo',
        permissions: ['showVOD'],
      });
      return { event: 'CARGO_CRIADO' };
    },
    'PATCH /v1/roles/:roleId': async (ctx) => {
      const id = await role(ctx, `editável-${++n}`);
      await ctx.act(ctx.owner, 'PATCH', `/v1/roles/${id}?accountId=${DEMO}`, { name: `editado-${n}` });
      return { event: 'CARGO_ATUALIZADO' };
    },
    'DELETE /v1/roles/:roleId': async (ctx) => {
      const id = await role(ctx, `removível-${++n}`);
      await ctx.act(ctx.owner, 'DELETE', `/v1/roles/${id}?accountId=${DEMO}`);
      return { event: 'CARGO_REMOVIDO' };
    },
    'PATCH /v1/me/profile': async (ctx) => {
      const login = address();
      const token = await signedInMember(server().app, login);
      await ctx.act(token, 'PATCH', `/v1/me/profile?accountId=${DEMO}`, { name: 'Novo Nome' });
      return { event: 'PERFIL_ATUALIZADO', actor: login };
    },
    'POST /v1/me/password': async (ctx) => {
      const login = address();
      const token = await signedInMember(server().app, login);
      await ctx.act(token, 'POST', `/v1/me/password?accountId=${DEMO}`, {
        currentPassword: 'palco123',
        newPassword: 'nova1234',
      });
      return { event: 'SENHA_ATUALIZADA', actor: login, secrets: ['palco123', 'nova1234'] };
    },
    'POST /v1/me/sign-out-others': async (ctx) => {
      const login = address();
      const token = await signedInMember(server().app, login);
      await ctx.act(token, 'POST', `/v1/me/sign-out-others?accountId=${DEMO}`);
      return { event: 'SESSOES_ENCERRADAS', actor: login };
    },
    'PATCH /v1/account/settings': async (ctx) => {
      await ctx.act(ctx.owner, 'PATCH', `/v1/account/settings?accountId=${DEMO}`, { fpsLimit: 45 });
      return { event: 'CONTA_ATUALIZADA' };
    },
    // API keys (docs/api-keys.md)
    'POST /v1/api-keys': async (ctx) => {
      const res = await ctx.act(ctx.owner, 'POST', `/v1/api-keys?accountId=${DEMO}`, keyBody());
      return { event: 'CHAVE_API_CRIADA', secrets: [res.json<{ secret: string }>().secret] };
    },
    'DELETE /v1/api-keys/:id': async (ctx) => {
      const res = await ctx.call(ctx.owner, 'POST', `/v1/api-keys?accountId=${DEMO}`, keyBody());
      await ctx.act(ctx.owner, 'DELETE', `/v1/api-keys/${res.json<{ id: string }>().id}?accountId=${DEMO}`);
      return { event: 'CHAVE_API_REMOVIDA' };
    },
  };
}

const keyBody = () => ({
  name: `chave-${++n}`,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  permissions: ['showVOD'],
});
