import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/admin.ts';
import { listRolesHolding } from '../../db/repositories/roles.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { langOf } from '../../lib/i18n.ts';
import { PERMISSION_CATALOG } from '../../lib/permission-catalog.ts';
import { ALL_PERMISSIONS } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { holdsAny } from '../../services/session.ts';

const PermissionEntry = Type.Object({
  permission: Type.String(),
  description: Type.String(),
  opens: Type.Array(Type.String()),
  roles: Type.Array(
    Type.Object({
      id: Uuid,
      name: Type.String(),
      team: Type.Object({ id: Uuid, name: Type.String() }),
      client: Type.Object({ id: Uuid, name: Type.String() }),
    }),
  ),
});

// The answer equals contract/admin.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type PermissionEntryMatchesContract = Expect<
  Equal<Static<typeof PermissionEntry>, Contract.PermissionEntry>
>;

const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/permissions',
    {
      config: { permission: { anyOf: ['showPermissions', 'showRoles', 'staff'] } },
      schema: {
        tags: ['roles'],
        summary: 'Every permission: what it opens, its description and the roles holding it',
        description:
          'Needs showPermissions, showRoles (the role editor: no `roles` then) or staff. Staff see the roles ' +
          "of every client; anyone else those of the working team's client. Descriptions in the request's " +
          'language.',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Array(PermissionEntry),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const lang = langOf(request);
      let clientId: string | undefined;
      let showRoles = true;
      if (!auth.isStaff) {
        const accountId = accountOf(request);
        const membership = auth.memberships.find((m) => m.accountId === accountId);
        clientId = membership?.clientId ?? '00000000-0000-0000-0000-000000000000';
        showRoles = holdsAny(auth, accountId, ['showPermissions']);
      }
      const held = showRoles ? await listRolesHolding(app.db, clientId) : [];
      // A key acts in its own team only: the client's other teams' roles stay out of its answer.
      const keyTeam = auth.apiKey ? accountOf(request) : null;
      const roles = keyTeam ? held.filter((r) => r.accountId === keyTeam) : held;
      return ALL_PERMISSIONS.map((permission) => ({
        permission,
        description: PERMISSION_CATALOG[permission].description[lang],
        opens: PERMISSION_CATALOG[permission].opens,
        roles: roles
          .filter((r) => r.permissions.includes(permission))
          .map((r) => ({
            id: r.roleId,
            name: r.roleName,
            team: { id: r.accountId, name: r.accountName },
            client: { id: r.clientId, name: r.clientName },
          })),
      }));
    },
  );
};

export default permissionRoutes;
