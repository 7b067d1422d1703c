import fp from 'fastify-plugin';
import { TokenBuckets } from '../lib/token-buckets.ts';
import { PlaybackSigner } from '../media/playback-tokens.ts';
import { GeoLookup } from '../services/geo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    playback: Playback;
  }
}

export interface Playback {
  /** Viewers' media tokens (`/play/{kind}/{id}/{token}/…`). */
  signer: PlaybackSigner;
  /** The offline IP-to-country database; `geo.reload()` re-reads it. */
  geo: GeoLookup;
  /** Audience bounds (docs/playback.md "Audience bounds"): per client address and per session. */
  bounds: {
    sessionsPerAddress: TokenBuckets;
    eventsPerAddress: TokenBuckets;
    eventsPerSession: TokenBuckets;
    /** Without refill: what one session may post over its whole life. */
    eventsTotalPerSession: TokenBuckets;
    /** A video's like button, pressed either way (docs/analytics.md "Likes in the player"). */
    likesPerAddress: TokenBuckets;
  };
}

/** The public playback's signer and country database (docs/playback.md), loaded once at start. */
export default fp(
  async (app) => {
    const geo = new GeoLookup(app.config.geoipDbPath);
    await geo.open();
    const { sessionsPerAddress, beaconEventsPerAddress, beaconEventsPerSession, likesPerAddress } =
      app.config.viewers;
    const bounds = {
      sessionsPerAddress: new TokenBuckets(sessionsPerAddress.burst, sessionsPerAddress.perMinute),
      eventsPerAddress: new TokenBuckets(beaconEventsPerAddress.burst, beaconEventsPerAddress.perMinute),
      eventsPerSession: new TokenBuckets(beaconEventsPerSession.burst, beaconEventsPerSession.perMinute),
      eventsTotalPerSession: new TokenBuckets(beaconEventsPerSession.total, 0),
      likesPerAddress: new TokenBuckets(likesPerAddress.burst, likesPerAddress.perMinute),
    };
    app.decorate('playback', { signer: new PlaybackSigner(app.jwtKey), geo, bounds } satisfies Playback);
    // Idle keys (their bucket full again) are forgotten every minute: memory follows the active audience.
    // A session's total never refills: its key goes only when 100,000 are held (least recently used).
    const sweep = setInterval(() => {
      for (const buckets of Object.values(bounds)) buckets.sweep();
    }, 60_000);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await geo.close();
    });
  },
  { name: 'playback', dependencies: ['auth'] },
);
