import fp from 'fastify-plugin';
import { coreSource, WhepSessions, type WhepSource } from '../media/whep-sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    whep: Whep;
  }
}

export interface Whep {
  /** The WHEP viewers on this instance, within WHEP_MAX_VIEWERS_PER_LIVE and WHEP_MAX_PER_ADDRESS. */
  sessions: WhepSessions;
  /** The WebRTC core's rooms (a live's WHIP publisher, `live:{liveId}`); null: no WHEP playback. */
  source: WhepSource | null;
}

/** WHEP playback of WHIP-published lives (docs/playback.md "WHEP"). */
export default fp(
  async (app) => {
    const { whepMaxPerLive, whepMaxPerAddress } = app.config.viewers;
    const sessions = new WhepSessions({
      maxPerLive: whepMaxPerLive,
      maxPerAddress: whepMaxPerAddress,
      deliver: (accountId, seconds) => app.deliveredMeter.add(accountId, seconds),
    });
    app.decorate('whep', { sessions, source: coreSource(app.webrtc) } satisfies Whep);
    app.addHook('onClose', async () => {
      await sessions.close();
    });
  },
  { name: 'whep', dependencies: ['playback', 'billing', 'webrtc'] },
);
