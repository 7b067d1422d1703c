import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI document, at /docs/json and (without a UI bundled) at /docs too. */
const docsRoutes: FastifyPluginAsync = async (app) => {
  const document = () => app.swagger();
  app.get('/docs/json', { config: { permission: 'public' }, schema: { hide: true } }, async () => document());
  app.get('/docs', { config: { permission: 'public' }, schema: { hide: true } }, async () => document());
};

export default docsRoutes;
