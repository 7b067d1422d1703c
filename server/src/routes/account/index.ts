import type { FastifyPluginAsync } from 'fastify';
import profileRoutes from './profile.ts';
import accountSettingsRoutes from './settings.ts';

/** /account/settings: the team's settings and the caller's own profile (docs/api-admin.md). */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountSettingsRoutes);
  await app.register(profileRoutes);
};

export default accountRoutes;
