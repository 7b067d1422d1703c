import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import { loginAs, type TestServer } from './helpers.ts';
import type { Call } from './logs-coverage-call.ts';

// The billing exercises of logs-coverage.test.ts (same contract: each makes its call through ctx.act
// and says what that logged).

interface BillingCtx {
  call: Call;
  act: Call;
}

type BillingExpected =
  | { event: null; why: string }
  | { event: keyof typeof EVENT_TYPES; accountId: string; actor: string };

// Client-wide actions log one entry per team of the client: the one-team client keeps it to one entry.
const CLIENT = DEMO_CLIENTS.blocked.id;
const TEAM = DEMO_ACCOUNTS.contaBloqueada.id;
const PLAN = {
  name: 'Sob medida',
  currency: 'BRL',
  quotas: { storageGb: 1, encodedMinutes: 1, liveMinutes: 1, deliveredMinutes: 1 },
  prices: { storageGbMonth: 1, encodedMinute: 1, liveMinute: 1, deliveredMinute: 1 },
};

export function billingExercises(
  server: () => TestServer,
): Record<string, (ctx: BillingCtx) => Promise<BillingExpected>> {
  // The logout exercise revokes staff's tokens: each exercise signs in afresh.
  const staff = () => loginAs(server().app, DEMO_USERS.staff.login);
  return {
    'POST /v1/billing/usage/rebuild': async (ctx) => {
      await ctx.act(await staff(), 'POST', '/v1/billing/usage/rebuild', { day: '2026-11-01' });
      return {
        event: null,
        why: 'it recomputes derived sums from the raw usage records, which it leaves untouched: nothing a user made changes',
      };
    },
    'PUT /v1/clients/:clientId/plan': async (ctx) => {
      await ctx.act(await staff(), 'PUT', `/v1/clients/${CLIENT}/plan`, PLAN);
      return { event: 'PLANO_ATUALIZADO', accountId: TEAM, actor: DEMO_USERS.staff.login };
    },
    'DELETE /v1/clients/:clientId/plan': async (ctx) => {
      await ctx.act(await staff(), 'DELETE', `/v1/clients/${CLIENT}/plan`);
      return { event: 'PLANO_REMOVIDO', accountId: TEAM, actor: DEMO_USERS.staff.login };
    },
    // The seeded client is blocked: unblocked first, then blocked again as it was.
    'POST /v1/clients/:clientId/unblock': async (ctx) => {
      await ctx.act(await staff(), 'POST', `/v1/clients/${CLIENT}/unblock`);
      return { event: 'CONTA_DESBLOQUEADA', accountId: TEAM, actor: DEMO_USERS.staff.login };
    },
    'POST /v1/clients/:clientId/block': async (ctx) => {
      await ctx.act(await staff(), 'POST', `/v1/clients/${CLIENT}/block`);
      return { event: 'CONTA_BLOQUEADA', accountId: TEAM, actor: DEMO_USERS.staff.login };
    },
  };
}
