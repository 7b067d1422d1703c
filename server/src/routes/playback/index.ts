import type { FastifyPluginAsync } from 'fastify';
import playbackInfoRoutes from './info.ts';
import playbackMediaRoutes from './media.ts';
import whepRoutes from './whep.ts';

/** The viewers' side: public, no session, no cookie read (docs/playback.md). */
const playbackRoutes: FastifyPluginAsync = async (app) => {
  await app.register(playbackInfoRoutes);
  await app.register(playbackMediaRoutes);
  await app.register(whepRoutes);
};

export default playbackRoutes;
