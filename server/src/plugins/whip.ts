import fp from 'fastify-plugin';
import { WhipIngest } from '../media/whip-ingest.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WHIP ingest (media/whip-ingest.ts): WebRTC publishes that feed the RTMP ingest. */
    whip: WhipIngest;
  }
}

export default fp(
  async (app) => {
    const whip = new WhipIngest({
      db: app.db,
      log: app.log,
      core: app.webrtc,
      ingest: app.ingest,
      ingestPort: () => app.ingestPort,
      ffmpegPath: app.config.ffmpegPath,
      maxPublishes: app.config.whip.maxPublishes,
    });
    app.decorate('whip', whip);
    // Each hop's ffmpeg is asked to finish its FLV, so the RTMP publish it feeds ends cleanly.
    app.addHook('preClose', async () => {
      await whip.close();
    });
  },
  { name: 'whip', dependencies: ['db', 'ingest', 'webrtc'] },
);
