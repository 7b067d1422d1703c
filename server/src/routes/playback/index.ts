import type { FastifyPluginAsync } from 'fastify';
import playbackInfoRoutes from './info.ts';
import playbackMediaRoutes from './media.ts';

/** The viewers' side: public, no session, no cookie read (docs/playback.md). */
const playbackRoutes: FastifyPluginAsync = async (app) => {
  await app.register(playbackInfoRoutes);
  await app.register(playbackMediaRoutes);
};

export default playbackRoutes;
