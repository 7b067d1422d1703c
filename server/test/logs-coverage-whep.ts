import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { liveRoom } from '../src/media/whep-sessions.ts';
import { feedTracks, offerPeer } from './helpers/whip-client.ts';
import type { TestServer } from './helpers.ts';
import type { Call } from './logs-coverage-call.ts';

// The WHEP exercises of logs-coverage.test.ts (same contract as logs-coverage-admin.ts): a live on
// air in ultra-low latency with a real WHIP publisher in its room, and a viewer's real offer.

interface WhepCtx {
  call: Call;
  act: Call;
  owner: string;
  newStream(): Promise<{ id: string }>;
}

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const NOTHING = {
  event: null,
  why: 'a viewer watching is a figure of the live (viewer_sessions), not an activity',
};

/** Runs `run` with a published ultra-low live and a viewer's offer for it, then takes it all down. */
async function withPublishedLive(
  server: TestServer,
  ctx: WhepCtx,
  run: (url: string, offer: { payload: Buffer; headers: Record<string, string> }) => Promise<void>,
): Promise<void> {
  const { id } = await ctx.newStream();
  const started = await ctx.call(ctx.owner, 'PUT', `/v1/live-streams/${id}/control/start?accountId=${DEMO}`);
  expect(started.statusCode, started.body).toBe(200);
  await server.app.db.updateTable('live_streams').set({ latency: 'ultraLow' }).where('id', '=', id).execute();
  const core = server.app.webrtc;
  const sender = await offerPeer('publish');
  const viewer = await offerPeer('subscribe');
  const feed = { stop: async (): Promise<unknown> => null };
  let publishedId = '';
  try {
    const published = await core.publish(liveRoom(id), sender.offer);
    publishedId = published.sessionId;
    await sender.pc.setRemoteDescription({ type: 'answer', sdp: published.answerSdp });
    Object.assign(feed, await feedTracks({ video: sender.video, audio: sender.audio }));
    const { token } = server.app.playback.signer.issue('live', id);
    await run(`/whep/live/${id}/${token}`, {
      payload: Buffer.from(viewer.offer),
      headers: { 'content-type': 'application/sdp' },
    });
  } finally {
    await feed.stop();
    await server.app.whep.sessions.endAll();
    await core.close(publishedId);
    await sender.pc.close();
    await viewer.pc.close();
  }
}

export function whepExercises(
  server: () => TestServer,
): Record<string, (ctx: WhepCtx) => Promise<{ event: null; why: string }>> {
  return {
    'POST /whep/live/:liveId/:token': async (ctx) => {
      await withPublishedLive(server(), ctx, async (url, offer) => {
        const res = await ctx.act(null, 'POST', url, offer);
        expect(res.statusCode, res.body).toBe(201);
      });
      return NOTHING;
    },
    'DELETE /whep/sessions/:sessionId': async (ctx) => {
      await withPublishedLive(server(), ctx, async (url, offer) => {
        const res = await ctx.call(null, 'POST', url, offer);
        expect(res.statusCode, res.body).toBe(201);
        await ctx.act(null, 'DELETE', String(res.headers.location));
      });
      return NOTHING;
    },
  };
}
