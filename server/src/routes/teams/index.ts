import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/teams.ts';
import { listAccountsOfClient, searchAccounts } from '../../db/repositories/accounts.ts';
import { findClientById, listClients } from '../../db/repositories/clients.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { roleIn } from '../../services/session.ts';

const Team = Type.Object({
  accountId: Uuid,
  name: Type.String(),
  thumbnail: Nullable(Type.String()),
  cliente: Type.String({ description: 'Client name' }),
  bloqueada: Type.Boolean(),
  userTeamRole: Type.Object({ nome: Type.String(), permissoes: Type.Array(Type.String()) }),
});

// The answer equals contract/teams.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type TeamMatchesContract = Expect<Equal<Static<typeof Team>, Contract.Team>>;

const ClientEntry = Type.Object({ conta_id: Uuid, nome_cliente: Type.String() });
const ClientAccount = Type.Object({ accountId: Uuid, name: Type.String() });
export type ClientEntryMatchesContract = Expect<Equal<Static<typeof ClientEntry>, Contract.ClientEntry>>;
export type ClientAccountMatchesContract = Expect<
  Equal<Static<typeof ClientAccount>, Contract.ClientAccount>
>;

const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/teams',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['teams'],
        summary: "The caller's teams (staff: every account), filtered by name",
        security: bearer,
        querystring: Type.Object({
          ...AccountIdQuery.properties,
          search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name, any case' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        }),
        response: { 200: Type.Array(Team), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const search = request.query.search?.trim() ?? '';
      const limit = request.query.limit ?? 100;
      if (auth.isStaff) {
        const accounts = await searchAccounts(app.db, { search, limit });
        return accounts.flatMap((a) => {
          const role = roleIn(auth, a.id);
          if (!role) return [];
          return [
            {
              accountId: a.id,
              name: a.name,
              thumbnail: a.thumbnail,
              cliente: a.clientName,
              bloqueada: a.blocked,
              userTeamRole: role,
            },
          ];
        });
      }
      const needle = search.toLocaleLowerCase('pt-BR');
      return auth.memberships
        .filter((m) => m.accountName.toLocaleLowerCase('pt-BR').includes(needle))
        .slice(0, limit)
        .map((m) => ({
          accountId: m.accountId,
          name: m.accountName,
          thumbnail: m.accountThumbnail,
          cliente: m.clientName,
          bloqueada: m.accountBlocked,
          userTeamRole: { nome: m.roleName, permissoes: m.permissions },
        }));
    },
  );

  app.get(
    '/api/cliente',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['teams'],
        summary: 'Every client (staff only)',
        description: '`subConta=true` lists accounts instead: `conta_id` is then the account id.',
        security: bearer,
        querystring: Type.Object({
          ...AccountIdQuery.properties,
          subConta: Type.Optional(Type.Boolean({ default: false })),
        }),
        response: {
          200: Type.Array(ClientEntry),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      if (request.query.subConta) {
        const accounts = await searchAccounts(app.db, { limit: 10_000 });
        return accounts.map((a) => ({ conta_id: a.id, nome_cliente: a.name }));
      }
      const clients = await listClients(app.db);
      return clients.map((c) => ({ conta_id: c.id, nome_cliente: c.name }));
    },
  );

  app.get(
    '/v1/clients/:clientId/accounts',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['teams'],
        summary: "A client's accounts (staff: all of them; others: the ones they are a member of)",
        security: bearer,
        params: Type.Object({ clientId: Uuid }),
        querystring: AccountIdQuery,
        response: {
          200: Type.Array(ClientAccount),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const clientId = request.params.clientId.toLowerCase();
      if (auth.isStaff && !(await findClientById(app.db, clientId)))
        throw new ApiError(404, 'clientNotFound');
      const accounts = await listAccountsOfClient(app.db, clientId, auth.isStaff ? undefined : auth.user.id);
      // Not a member of any of its accounts: answered exactly like a client that does not exist.
      if (accounts.length === 0 && !auth.isStaff) throw new ApiError(404, 'clientNotFound');
      return accounts.map((a) => ({ accountId: a.id, name: a.name }));
    },
  );

  app.get(
    '/v2/accounts',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['teams'],
        summary: 'One account the caller may work in',
        security: bearer,
        querystring: Type.Object({ accountId: Uuid }),
        response: {
          200: Type.Object({
            accountId: Uuid,
            name: Type.String(),
            thumbnail: Nullable(Type.String()),
            cliente: Type.Object({ id: Uuid, nome: Type.String() }),
            bloqueada: Type.Boolean(),
            createdAt: Type.String({ format: 'date-time' }),
          }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      // resolveAccount has already answered 404 for an account that is not the caller's.
      const account = request.account;
      if (!account) throw new ApiError(404, 'accountNotFound');
      return {
        accountId: account.id,
        name: account.name,
        thumbnail: account.thumbnail,
        cliente: { id: account.clientId, nome: account.clientName },
        bloqueada: account.blocked,
        createdAt: new Date(account.createdAt).toISOString(),
      };
    },
  );
};

export default teamRoutes;
