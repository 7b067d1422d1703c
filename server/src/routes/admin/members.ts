import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { findAccountById } from '../../db/repositories/accounts.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { findRoleInAccount } from '../../db/repositories/roles.ts';
import {
  addMember,
  isMemberOfClient,
  listAccountUsers,
  lockTeamMembers,
} from '../../db/repositories/team-users.ts';
import { findUserByLogin } from '../../db/repositories/users.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { holdsAny } from '../../services/session.ts';
import { removeTeamMember } from '../../services/team-members.ts';
import { assertGrantable, assertNotOutranked } from '../../services/team-rules.ts';

/** SPEC route table: /members is read with showVOD, managed with manageTeamUsers. */
const READ = { anyOf: ['showVOD', 'manageTeamUsers'] } as const;
const MANAGE = { anyOf: ['manageTeamUsers'] } as const;
const VOD = 'showVOD';

const Member = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
  role: Type.String(),
});

/** Who may see the team's video library: its members whose role there holds showVOD. */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/members',
    {
      config: { permission: READ },
      schema: {
        tags: ['users'],
        summary: "Who can see the team's video library (members whose role holds showVOD)",
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({
            items: Type.Array(Member),
            canManage: Type.Boolean({ description: 'The caller may add and remove (manageTeamUsers)' }),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const users = await listAccountUsers(app.db, accountId);
      return {
        items: users
          .filter((u) => u.permissions.includes(VOD))
          .map((u) => ({ id: u.id, name: u.nome, email: u.login, avatar: u.avatar, role: u.cargo })),
        canManage: holdsAny(request.auth!, accountId, ['manageTeamUsers']),
      };
    },
  );

  app.post(
    '/v1/members',
    {
      config: { permission: MANAGE },
      schema: {
        tags: ['users'],
        summary: 'Add an existing user of the same client to the team, under a role holding showVOD',
        description:
          'The user must already belong to another team of this client (anyone else → 404, as unknown); the ' +
          'role must be of this team, hold showVOD (400) and nothing the caller does not hold (403). Already a ' +
          'member → 409.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }), roleId: Uuid }),
        response: { 201: Member, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const account = await findAccountById(app.db, accountId);
      if (!account) throw new ApiError(404, 'accountNotFound');
      const user = await findUserByLogin(app.db, request.body.email.trim().toLowerCase());
      const sameClient = user && (await isMemberOfClient(app.db, user.id, account.clientId));
      if (!user || !sameClient) throw new ApiError(404, 'userNotFound');
      const role = await findRoleInAccount(app.db, accountId, request.body.roleId.toLowerCase());
      if (!role) throw new ApiError(404, 'roleNotFound');
      if (!role.permissions.includes(VOD)) throw new ApiError(400, 'memberRoleWithoutVod');
      assertGrantable(auth, accountId, role.permissions);
      await app.db.transaction().execute(async (trx) => {
        const members = await lockTeamMembers(trx, accountId);
        if (members.some((m) => m.userId === user.id)) throw new ApiError(409, 'alreadyMember');
        await addMember(trx, accountId, user.id, role.id);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'MEMBRO_ADICIONADO',
          identifier: user.login,
          record: toRecord({ nome: user.name, login: user.login, cargo: role.name }),
        });
      });
      return reply
        .code(201)
        .send({ id: user.id, name: user.name, email: user.login, avatar: user.avatar, role: role.name });
    },
  );

  app.delete(
    '/v1/members/:userId',
    {
      config: { permission: MANAGE },
      schema: {
        tags: ['users'],
        summary: 'Take a member who can see the library out of the team',
        description:
          'Only a member whose role holds showVOD (404 otherwise); the rules of DELETE /v1/users/{userId} hold.',
        security: bearer,
        params: Type.Object({ userId: Uuid }),
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      await removeTeamMember(app.db, {
        accountId,
        userId: request.params.userId.toLowerCase(),
        actorId: auth.user.id,
        refuse: (member) => {
          if (!member.permissions.includes(VOD)) throw new ApiError(404, 'userNotFound');
          assertNotOutranked(auth, accountId, member);
        },
        activity: activityOf(request),
        identify: (member) => member.login,
      });
      return reply.code(204).send(null);
    },
  );
};

export default memberRoutes;
