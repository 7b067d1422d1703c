import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import bannerRoutes from './banners.ts';
import classroomContentRoutes from './classroom.ts';
import controlRoutes from './control.ts';
import streamRoutes from './crud.ts';
import csvRoutes from './csv.ts';
import keyRoutes from './keys.ts';
import previewRoutes from './preview.ts';
import settingsRoutes from './settings.ts';
import studioRoutes from './studio.ts';
import usersRoutes from './users.ts';

/**
 * The live-stream calls (docs/api-streams.md), registered inside the authenticated, tenant-checked
 * scope. The public image route is `./media.ts`, registered outside it.
 */
const liveStreams: FastifyPluginAsync = async (app) => {
  // Multipart for the banner uploads, in this scope only (limits are set per call); when an enclosing
  // scope already registered it, that registration is used.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  await app.register(streamRoutes);
  await app.register(controlRoutes);
  await app.register(keyRoutes);
  await app.register(previewRoutes);
  await app.register(bannerRoutes);
  await app.register(classroomContentRoutes);
  await app.register(settingsRoutes);
  await app.register(csvRoutes);
  await app.register(usersRoutes);
  await app.register(studioRoutes);
};

export default liveStreams;
