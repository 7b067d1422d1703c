import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import clientRoutes from './clients.ts';
import invitationRoutes from './invitations.ts';
import memberRoutes from './members.ts';
import permissionRoutes from './permissions.ts';
import roleRoutes from './roles.ts';
import teamsRoutes from './teams.ts';
import userRoutes from './users.ts';

/** Users, invitations, roles, the permission catalogue and the client's teams (docs/api-admin.md). */
const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await app.register(roleRoutes);
  await app.register(permissionRoutes);
  // Team thumbnails are multipart uploads.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  await app.register(teamsRoutes);
  await app.register(clientRoutes);
  await app.register(memberRoutes);
};

export default adminRoutes;
