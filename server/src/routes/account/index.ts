import type { FastifyPluginAsync } from 'fastify';
import avatarRoutes from './avatar.ts';
import accountLogoRoutes from './logo.ts';
import profileRoutes from './profile.ts';
import accountSettingsRoutes from './settings.ts';
import twoFactorRoutes from './two-factor.ts';

/** /account/settings: the team's settings and the caller's own profile (docs/api-admin.md). */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountSettingsRoutes);
  await app.register(profileRoutes);
  await app.register(twoFactorRoutes);
  await app.register(avatarRoutes);
  await app.register(accountLogoRoutes);
};

export default accountRoutes;
