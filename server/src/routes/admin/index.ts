import type { FastifyPluginAsync } from 'fastify';
import invitationRoutes from './invitations.ts';
import permissionRoutes from './permissions.ts';
import roleRoutes from './roles.ts';
import userRoutes from './users.ts';

/** Users, invitations, roles and the permission catalogue (docs/api-admin.md). */
const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await app.register(roleRoutes);
  await app.register(permissionRoutes);
};

export default adminRoutes;
