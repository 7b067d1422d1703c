import type { FastifyPluginAsync } from 'fastify';
import forgetPasswordRoutes from './auth/forget-password.ts';
import loginRoute from './auth/login.ts';
import sessionRoutes from './auth/session.ts';
import docsRoutes from './docs/index.ts';
import healthRoutes from './health/index.ts';
import logRoutes from './logs/index.ts';
import liveStreams from './streams/index.ts';
import publicStreamMedia from './streams/media.ts';
import teamRoutes from './teams/index.ts';
import videoLibrary from './videos/index.ts';
import publicVideoRoutes from './videos/public.ts';

/**
 * Public routes, then one scope in which every route is authenticated and tenant-checked: a route
 * added there cannot forget to be.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(loginRoute);
  await app.register(forgetPasswordRoutes);
  await app.register(publicStreamMedia);
  await app.register(publicVideoRoutes);

  await app.register(async (authed) => {
    authed.addHook('onRequest', authed.authenticate);
    authed.addHook('onRequest', authed.resolveAccount);
    await authed.register(sessionRoutes);
    await authed.register(teamRoutes);
    await authed.register(logRoutes);
    await authed.register(liveStreams);
    await authed.register(videoLibrary);
  });
};

export default routes;
