import type { FastifyPluginAsync } from 'fastify';
import { registerEmbedPages } from './embed-page.ts';
import playbackInfoRoutes from './info.ts';
import playbackMediaRoutes from './media.ts';
import whepRoutes from './whep.ts';

/** The viewers' side: public, no session, no cookie read (docs/playback.md). */
const playbackRoutes: FastifyPluginAsync = async (app) => {
  await app.register(playbackInfoRoutes);
  await app.register(playbackMediaRoutes);
  await app.register(whepRoutes);
  registerEmbedPages(app);
};

export default playbackRoutes;
