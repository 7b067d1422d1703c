import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import directoryRoutes from './directories.ts';
import sourceRoutes from './source.ts';
import subtitleRoutes from './subtitles.ts';
import videoRoutes from './videos.ts';

/**
 * The video library (registered inside the authenticated, tenant-checked scope). Multipart parsing
 * is registered here only: it does not read a body by itself, each route streams its file part.
 * The source routes are served twice: on the API host and under `/upload`, the default upload host
 * (UPLOAD_URL = PUBLIC_URL/upload), so the console uses the chunked, resumable mode by default.
 */
const videoLibrary: FastifyPluginAsync = async (app) => {
  await app.register(multipart);
  await app.register(directoryRoutes);
  await app.register(videoRoutes);
  await app.register(subtitleRoutes);
  await app.register(sourceRoutes);
  await app.register(sourceRoutes, { prefix: '/upload' });
};

export default videoLibrary;
