import type { FastifyPluginAsync } from 'fastify';
import accountSettingsRoutes from './settings.ts';

/** /account/settings: the team's settings (docs/api-admin.md "Account settings"). */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountSettingsRoutes);
};

export default accountRoutes;
