import type { FastifyPluginAsync } from 'fastify';
import { uploadPreflight } from '../../plugins/upload-cors.ts';

/**
 * The CORS preflights of the source upload, on the API host and under `/upload` (the two places
 * sourceRoutes is served): public, since a browser's preflight carries no token; they grant the
 * console's own origin only (docs/api-videos.md "An upload host on another origin").
 */
const uploadPreflightRoutes: FastifyPluginAsync = async (app) => {
  const options = { config: { permission: 'public' as const }, schema: { tags: ['uploads'], hide: true } };
  for (const path of ['/v1/videos/:id/source', '/upload/v1/videos/:id/source']) {
    app.options(path, options, uploadPreflight);
  }
};

export default uploadPreflightRoutes;
