import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { listAccountUsers } from '../../db/repositories/streams-account-users.ts';
import { ApiError } from '../../lib/errors.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../schemas.ts';
import { accountOf, holds } from './view.ts';

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/account-users',
    {
      schema: {
        tags: ['live streams'],
        summary: "The team's users (the streaming settings' users list)",
        description:
          'Needs showStreaming, showUsers or canManageTeamsUsers. `lastLoginAt` null: no last access.',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Array(
            Type.Object({
              id: Uuid,
              nome: Type.String(),
              login: Type.String(),
              avatar: Nullable(Type.String()),
              cargo: Type.String({ description: 'Role name in the team' }),
              lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
            }),
          ),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      if (!holds(request, accountId, 'showStreaming', 'showUsers') && !auth.user.can_manage_teams_users)
        throw new ApiError(403, 'forbidden');
      const users = await listAccountUsers(app.db, accountId);
      return users.map((u) => ({
        ...u,
        lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
      }));
    },
  );
};

export default usersRoutes;
