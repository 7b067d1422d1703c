import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/admin.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { listOpenInvitations } from '../../db/repositories/invitations.ts';
import { findRoleInAccount } from '../../db/repositories/roles.ts';
import { listTeamUsers, lockTeamMembers, setMemberRole } from '../../db/repositories/team-users.ts';
import { AccountIdQuery, bearer, errors, Nullable, Page, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { removeTeamMember } from '../../services/team-members.ts';
import { assertGrantable, assertKeepsManager, assertNotOutranked } from '../../services/team-rules.ts';

export const MANAGE_USERS = { anyOf: ['showUsers', 'manageTeamUsers'] } as const;

const Role = Type.Object({ id: Uuid, name: Type.String() });
const Invitation = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: Role,
  invitedBy: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  expired: Type.Boolean(),
});

const TeamUser = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
  role: Role,
  lastAccess: Nullable(Type.String({ format: 'date-time' })),
});
const UsersPage = Type.Object({
  items: Type.Array(TeamUser),
  invitations: Type.Array(Invitation),
  pagination: Type.Object({
    page: Type.Integer(),
    total: Type.Integer(),
    pagesTotal: Type.Integer(),
  }),
});

// The answers equal contract/admin.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type UsersPageMatchesContract = Expect<Equal<Static<typeof UsersPage>, Contract.UsersPage>>;

const UserParams = Type.Object({ userId: Uuid });

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/users',
    {
      config: { permission: MANAGE_USERS },
      schema: {
        tags: ['users'],
        summary: "The team's users (one page) and its open invitations",
        description:
          'Needs showUsers or canManageTeamsUsers. `search` matches part of the name or e-mail (and of ' +
          'the invited address). `lastAccess` null: no last access.',
        security: bearer,
        querystring: Type.Object({
          ...AccountIdQuery.properties,
          search: Type.Optional(Type.String({ maxLength: 100 })),
          page: Type.Optional(Page),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
        }),
        response: {
          200: UsersPage,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const search = request.query.search?.trim() ?? '';
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const [users, invitations] = await Promise.all([
        listTeamUsers(app.db, accountId, { search, page, limit }),
        listOpenInvitations(app.db, accountId, search, 100),
      ]);
      const now = Date.now();
      return {
        items: users.items.map((u) => ({
          id: u.id,
          name: u.name,
          email: u.email,
          avatar: u.avatar,
          role: { id: u.roleId, name: u.roleName },
          lastAccess: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
        })),
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          role: { id: i.roleId, name: i.roleName },
          invitedBy: i.invitedByName,
          createdAt: new Date(i.createdAt).toISOString(),
          expiresAt: new Date(i.expiresAt).toISOString(),
          expired: new Date(i.expiresAt).getTime() <= now,
        })),
        pagination: { page, total: users.total, pagesTotal: Math.max(1, Math.ceil(users.total / limit)) },
      };
    },
  );

  app.patch(
    '/v1/users/:userId/role',
    {
      config: { permission: MANAGE_USERS },
      schema: {
        tags: ['users'],
        summary: "Change a user's role in the team",
        description:
          'The new role must be of this team and hold nothing the caller does not hold (403); nor may the ' +
          "user's current role (403). Leaving the team without anyone able to manage its users → 409.",
        security: bearer,
        params: UserParams,
        querystring: AccountIdQuery,
        body: Type.Object({ roleId: Uuid }),
        response: { 200: Type.Object({ id: Uuid, role: Role }), ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const userId = request.params.userId.toLowerCase();
      const roleId = request.body.roleId.toLowerCase();
      return app.db.transaction().execute(async (trx) => {
        const members = await lockTeamMembers(trx, accountId);
        const member = members.find((m) => m.userId === userId);
        if (!member) throw new ApiError(404, 'userNotFound');
        const role = await findRoleInAccount(trx, accountId, roleId);
        if (!role) throw new ApiError(404, 'roleNotFound');
        assertNotOutranked(auth, accountId, member);
        assertGrantable(auth, accountId, role.permissions);
        assertKeepsManager(members, (m) =>
          m.userId === userId ? { ...m, roleId, permissions: role.permissions } : m,
        );
        if (member.roleId !== roleId) {
          await setMemberRole(trx, accountId, userId, roleId);
          await recordActivity(trx, {
            ...activityOf(request),
            accountId,
            event: 'CARGO_USUARIO_ATUALIZADO',
            identifier: member.login,
            record: toRecord({ nome: member.name, cargo: role.name }),
          });
        }
        return { id: userId, role: { id: role.id, name: role.name } };
      });
    },
  );

  app.delete(
    '/v1/users/:userId',
    {
      config: { permission: MANAGE_USERS },
      schema: {
        tags: ['users'],
        summary: 'Remove a user from the team (their other teams stay)',
        description:
          'Yourself → 409; a user holding what the caller does not → 403; the last one able to manage the ' +
          "team's users → 409.",
        security: bearer,
        params: UserParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      await removeTeamMember(app.db, {
        accountId,
        userId: request.params.userId.toLowerCase(),
        actorId: auth.user.id,
        refuse: (member) => assertNotOutranked(auth, accountId, member),
        activity: activityOf(request),
        identify: (member) => member.login,
      });
      return reply.code(204).send(null);
    },
  );
};

export default userRoutes;
