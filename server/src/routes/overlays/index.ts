import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import overlayRoutes from './crud.ts';
import overlayImageRoutes from './image.ts';
import liveOverlayRoutes from './live.ts';

/**
 * The overlay calls (docs/classroom.md "Overlays"), inside the authenticated, tenant-checked scope.
 * The public image route is `./media.ts`, registered outside it.
 */
const overlays: FastifyPluginAsync = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  await app.register(overlayRoutes);
  await app.register(overlayImageRoutes);
  await app.register(liveOverlayRoutes);
};

export default overlays;
