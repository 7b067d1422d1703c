import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_USERS } from '../src/db/seed.ts';
import { loginAs, type TestServer } from './helpers.ts';

// The billing exercises of logs-coverage.test.ts (same contract: each makes its call through ctx.act
// and says what that logged).

type Call = (
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  body?: object,
) => Promise<LightMyRequestResponse>;

interface BillingCtx {
  call: Call;
  act: Call;
}

interface BillingExpected {
  event: null;
  why: string;
}

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
  };
}
