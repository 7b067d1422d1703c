import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { offerPeer } from './helpers/whip-client.ts';
import type { Call } from './logs-coverage-call.ts';

// The WHIP exercises of logs-coverage.test.ts (same contract as logs-coverage-admin.ts). The server of
// the walk has an RTMP ingest on loopback, so a real offer is answered.

interface WhipCtx {
  call: Call;
  act: Call;
  owner: string;
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const WHY =
  'a publish is the encoder’s, not an action of a team member: the ingest logs it (server log), and the console shows it as the signal’s health';

/** A scheduled stream's first signal key (a rehearsal publish is taken). */
async function signalKey(ctx: WhipCtx): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Cobertura WHIP',
    scheduledStartTime: '2030-03-10T19:30:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ signals: { key: string }[] }>().signals[0]!.key;
}

/** An SDP offer body with the key as Bearer token (the peer is closed once answered). */
async function offer(key: string) {
  const peer = await offerPeer('publish');
  await peer.pc.close();
  return {
    payload: Buffer.from(peer.offer),
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${key}` },
  };
}

export function whipExercises(): Record<string, (ctx: WhipCtx) => Promise<{ event: null; why: string }>> {
  return {
    'POST /whip': async (ctx) => {
      const key = await signalKey(ctx);
      const res = await ctx.act(null, 'POST', '/whip', await offer(key));
      // Ended at once: the walk goes on without a publisher left behind.
      await ctx.call(null, 'DELETE', res.headers.location as string, {
        payload: Buffer.alloc(0),
        headers: { authorization: `Bearer ${key}` },
      });
      return { event: null, why: WHY };
    },
    'DELETE /whip/:sessionId': async (ctx) => {
      const key = await signalKey(ctx);
      const res = await ctx.call(null, 'POST', '/whip', await offer(key));
      expect(res.statusCode, res.body).toBe(201);
      await ctx.act(null, 'DELETE', res.headers.location as string, {
        payload: Buffer.alloc(0),
        headers: { authorization: `Bearer ${key}` },
      });
      return { event: null, why: WHY };
    },
  };
}
