import fp from 'fastify-plugin';
import { GeoLookup } from '../lib/geo.ts';
import { PlaybackSigner } from '../media/playback-tokens.ts';

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
}

/** The public playback's signer and country database (docs/playback.md), loaded once at start. */
export default fp(
  async (app) => {
    const geo = new GeoLookup(app.config.geoipDbPath);
    await geo.open();
    app.decorate('playback', { signer: new PlaybackSigner(app.jwtKey), geo } satisfies Playback);
    app.addHook('onClose', async () => geo.close());
  },
  { name: 'playback', dependencies: ['auth'] },
);
