import fp from 'fastify-plugin';
import { WebRtcCore } from '../media/webrtc/core.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's WebRTC forwarding unit (media/webrtc/core.ts); its worker starts on first use. */
    webrtc: WebRtcCore;
  }
}

/** The WebRTC core, shared by the WHIP ingest, WHEP playback and the studio's guests. */
export default fp(
  async (app) => {
    const core = new WebRtcCore(app.config.webrtc);
    core.on('worker-error', ({ message }) => app.log.warn({ error: message }, 'webrtc: error in the worker'));
    // Where a viewer's first frame waited (docs/playback.md "WHEP startup: the first frame").
    core.on('started', ({ sessionId, roomKey, timeline }) =>
      app.log.info({ sessionId, roomKey, timeline }, 'webrtc: subscriber started'),
    );
    app.decorate('webrtc', core);
    app.addHook('preClose', async () => {
      await core.stop();
    });
  },
  { name: 'webrtc' },
);
