import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import type { Call } from './logs-coverage-call.ts';
import { multipart, PNG } from './streams-helpers.ts';

// The /teams exercises of logs-coverage.test.ts (same contract: each makes its call through ctx.act
// and says what that logged). A team's changes are logged in that team.

interface TeamsCtx {
  call: Call;
  act: Call;
  owner: string;
}

interface TeamsExpected {
  event: keyof typeof EVENT_TYPES;
  accountId: string;
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const newName = () => `Time ${randomBytes(4).toString('hex')}`;

async function newTeam(ctx: TeamsCtx): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: newName() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

export function teamsExercises(): Record<string, (ctx: TeamsCtx) => Promise<TeamsExpected>> {
  return {
    'POST /v1/client-teams': async (ctx) => {
      const name = newName();
      const res = await ctx.act(ctx.owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name });
      return { event: 'TIME_CRIADO', accountId: res.json<{ id: string }>().id };
    },
    'PATCH /v1/client-teams/:teamId': async (ctx) => {
      const id = await newTeam(ctx);
      await ctx.act(ctx.owner, 'PATCH', `/v1/client-teams/${id}?accountId=${DEMO}`, { name: newName() });
      return { event: 'TIME_ATUALIZADO', accountId: id };
    },
    'POST /v1/client-teams/:teamId/thumbnail': async (ctx) => {
      const id = await newTeam(ctx);
      await ctx.act(ctx.owner, 'POST', `/v1/client-teams/${id}/thumbnail?accountId=${DEMO}`, multipart(PNG));
      return { event: 'TIME_ATUALIZADO', accountId: id };
    },
    'POST /v1/members': async (ctx) => {
      // The owner holds showVOD in Eventos Ao Vivo and is not a member of the new team: add them there
      // as a staff-free manager would (the demo owner has the manageTeamUsers flag).
      const id = await newTeam(ctx);
      const roles = await ctx.call(ctx.owner, 'GET', `/v1/roles?accountId=${id}`);
      const roleId = roles.json<Array<{ id: string }>>()[0]!.id;
      const other = await ctx.call(ctx.owner, 'GET', `/v1/users?accountId=${DEMO}&search=operator`);
      const email = other.json<{ items: Array<{ email: string }> }>().items[0]!.email;
      await ctx.act(ctx.owner, 'POST', `/v1/members?accountId=${id}`, { email, roleId });
      return { event: 'MEMBRO_ADICIONADO', accountId: id };
    },
    'DELETE /v1/members/:userId': async (ctx) => {
      const id = await newTeam(ctx);
      const roles = await ctx.call(ctx.owner, 'GET', `/v1/roles?accountId=${id}`);
      const roleId = roles.json<Array<{ id: string }>>()[0]!.id;
      const other = await ctx.call(ctx.owner, 'GET', `/v1/users?accountId=${DEMO}&search=operator`);
      const user = other.json<{ items: Array<{ id: string; email: string }> }>().items[0]!;
      const added = await ctx.call(ctx.owner, 'POST', `/v1/members?accountId=${id}`, {
        email: user.email,
        roleId,
      });
      expect(added.statusCode, added.body).toBe(201);
      await ctx.act(ctx.owner, 'DELETE', `/v1/members/${user.id}?accountId=${id}`);
      return { event: 'USUARIO_REMOVIDO', accountId: id };
    },
  };
}
