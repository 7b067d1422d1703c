import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/streams.ts';
import { listAccountUsers } from '../../db/repositories/team-users.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { STAFF_PERMISSION } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { removeTeamMember } from '../../services/team-members.ts';

const AccountUser = Type.Object({
  id: Uuid,
  nome: Type.String(),
  login: Type.String(),
  avatar: Nullable(Type.String()),
  cargo: Type.String({ description: 'Role name in the team' }),
  lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
});

// The answer equals contract/streams.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type AccountUserMatchesContract = Expect<Equal<Static<typeof AccountUser>, Contract.AccountUser>>;

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/account-users',
    {
      config: { permission: { anyOf: ['showStreaming', 'showUsers', 'manageTeamUsers'] } },
      schema: {
        tags: ['live streams'],
        summary: "The team's users (the streaming settings' users list)",
        description:
          'Needs showStreaming, showUsers or canManageTeamsUsers. `lastLoginAt` null: no last access.',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Array(AccountUser),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const users = await listAccountUsers(app.db, accountId);
      return users.map(({ permissions: _, ...u }) => ({
        ...u,
        lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
      }));
    },
  );

  app.delete(
    '/v1/account-users/:userId',
    {
      config: { permission: { anyOf: ['showUsers', 'manageTeamUsers', 'staff'] } },
      schema: {
        tags: ['live streams'],
        summary: "Remove a user from the team (the users list's action)",
        description:
          'Needs showUsers or canManageTeamsUsers. Only the membership in this team goes; the user keeps ' +
          'their other teams. Removing yourself → 409; a staff member, unless the caller is staff → 403; the ' +
          "last user able to manage the team's users → 409.",
        security: bearer,
        params: Type.Object({ userId: Uuid }),
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await removeTeamMember(app.db, {
        accountId: accountOf(request),
        userId: request.params.userId.toLowerCase(),
        actorId: auth.user.id,
        refuse: (member) => {
          if (member.permissions.includes(STAFF_PERMISSION) && !auth.isStaff)
            throw new ApiError(403, 'forbidden');
        },
        activity: activityOf(request),
        identify: (member) => member.userId,
      });
      return reply.code(204).send(null);
    },
  );
};

export default usersRoutes;
