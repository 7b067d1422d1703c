import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/admin.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  createRole,
  deleteRole,
  findRoleInAccount,
  listRolesOfAccount,
  reassignRole,
  roleNameTaken,
  updateRole,
} from '../../db/repositories/roles.ts';
import { lockTeamMembers } from '../../db/repositories/team-users.ts';
import { AccountIdQuery, bearer, errors, Name, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { ALL_PERMISSIONS } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { assertGrantable, assertKeepsManager, beyondOwn } from '../../services/team-rules.ts';

const SHOW_ROLES = { anyOf: ['showRoles'] } as const;

const PermissionName = Type.Union(ALL_PERMISSIONS.map((p) => Type.Literal(p)));
const Permissions = Type.Array(PermissionName, { maxItems: ALL_PERMISSIONS.length, uniqueItems: true });
const RoleName = Name({ minLength: 1, maxLength: 50, pattern: '\\S' });

const Role = Type.Object({
  id: Uuid,
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  usersCount: Type.Integer(),
  invitationsCount: Type.Integer(),
});

// The answer equals contract/admin.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type RoleMatchesContract = Expect<Equal<Static<typeof Role>, Contract.Role>>;

const RoleParams = Type.Object({ roleId: Uuid });

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roleView = async (accountId: string, roleId: string) => {
    const roles = await listRolesOfAccount(app.db, accountId);
    const { createdAt: _, ...role } = roles.find((r) => r.id === roleId)!;
    return role;
  };

  app.get(
    '/v1/roles',
    {
      // Also for whoever manages the users: inviting and changing a role picks one of these.
      config: { permission: { anyOf: ['showRoles', 'showUsers', 'manageTeamUsers'] } },
      schema: {
        tags: ['roles'],
        summary: "The team's roles with their permissions and how many users and invitations hold each",
        description: 'Needs showRoles, or showUsers / canManageTeamsUsers (to pick a role for a user).',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Type.Array(Role), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const roles = await listRolesOfAccount(app.db, accountOf(request));
      return roles.map(({ createdAt: _, ...role }) => role);
    },
  );

  app.post(
    '/v1/roles',
    {
      config: { permission: SHOW_ROLES },
      schema: {
        tags: ['roles'],
        summary: 'Create a role in the team',
        description: 'A permission the caller does not hold → 403; a name in use in the team → 409.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ name: RoleName, permissions: Permissions }),
        response: { 201: Role, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const name = request.body.name.trim();
      const { permissions } = request.body;
      assertGrantable(request.auth!, accountId, permissions);
      const role = await app.db.transaction().execute(async (trx) => {
        await lockTeamMembers(trx, accountId);
        if (await roleNameTaken(trx, accountId, name)) throw new ApiError(409, 'roleNameTaken');
        const created = await createRole(trx, { accountId, name, permissions });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CARGO_CRIADO',
          identifier: name,
          record: toRecord({ nome: name, permissoes: permissions }),
        });
        return created;
      });
      return reply.code(201).send(await roleView(accountId, role.id));
    },
  );

  app.patch(
    '/v1/roles/:roleId',
    {
      config: { permission: SHOW_ROLES },
      schema: {
        tags: ['roles'],
        summary: 'Rename a role or change its permissions',
        description:
          'The role and its new permissions must hold nothing the caller does not (403); leaving the team ' +
          'without anyone able to manage its users → 409.',
        security: bearer,
        params: RoleParams,
        querystring: AccountIdQuery,
        body: Type.Object({ name: Type.Optional(RoleName), permissions: Type.Optional(Permissions) }),
        response: { 200: Role, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const roleId = request.params.roleId.toLowerCase();
      const name = request.body.name?.trim();
      const { permissions } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const members = await lockTeamMembers(trx, accountId);
        const role = await findRoleInAccount(trx, accountId, roleId);
        if (!role) throw new ApiError(404, 'roleNotFound');
        const missing = beyondOwn(auth, accountId, role.permissions);
        if (missing.length > 0)
          throw new ApiError(403, 'roleOutranks', { params: { permissions: missing.join(', ') } });
        if (permissions) {
          assertGrantable(auth, accountId, permissions);
          assertKeepsManager(members, (m) => (m.roleId === roleId ? { ...m, permissions } : m));
        }
        if (name && (await roleNameTaken(trx, accountId, name, roleId)))
          throw new ApiError(409, 'roleNameTaken');
        await updateRole(trx, roleId, { name, permissions });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CARGO_ATUALIZADO',
          identifier: name ?? role.name,
          record: toRecord({ nome: name, permissoes: permissions }),
        });
      });
      return roleView(accountId, roleId);
    },
  );

  app.delete(
    '/v1/roles/:roleId',
    {
      config: { permission: SHOW_ROLES },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role; one in use needs `replaceWith` (its users and invitations move there)',
        description:
          'In use without `replaceWith` → 409. The replacement follows the rules of handing out a role (403, ' +
          '409 for the last user able to manage the team).',
        security: bearer,
        params: RoleParams,
        querystring: Type.Object({ ...AccountIdQuery.properties, replaceWith: Type.Optional(Uuid) }),
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const roleId = request.params.roleId.toLowerCase();
      const replaceWith = request.query.replaceWith?.toLowerCase();
      if (replaceWith === roleId) throw new ApiError(409, 'roleReplaceSame');
      await app.db.transaction().execute(async (trx) => {
        const members = await lockTeamMembers(trx, accountId);
        const role = (await listRolesOfAccount(trx, accountId)).find((r) => r.id === roleId);
        if (!role) throw new ApiError(404, 'roleNotFound');
        const missing = beyondOwn(auth, accountId, role.permissions);
        if (missing.length > 0)
          throw new ApiError(403, 'roleOutranks', { params: { permissions: missing.join(', ') } });
        const inUse = role.usersCount + role.invitationsCount;
        if (inUse > 0) {
          if (!replaceWith) throw new ApiError(409, 'roleInUse', { params: { count: inUse } });
          const replacement = await findRoleInAccount(trx, accountId, replaceWith);
          if (!replacement) throw new ApiError(404, 'roleNotFound');
          assertGrantable(auth, accountId, replacement.permissions);
          const permissions = replacement.permissions;
          assertKeepsManager(members, (m) => (m.roleId === roleId ? { ...m, permissions } : m));
          await reassignRole(trx, roleId, replaceWith);
        }
        await deleteRole(trx, roleId);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CARGO_REMOVIDO',
          identifier: role.name,
          record: toRecord({ nome: role.name, permissoes: role.permissions }),
        });
      });
      return reply.code(204).send(null);
    },
  );
};

export default roleRoutes;
