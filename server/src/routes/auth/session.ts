import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/session.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { setSessionTeam } from '../../db/repositories/sessions.ts';
import { revokeTokens } from '../../db/repositories/users.ts';
import { AccountIdQuery, bearer, errors, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { accessibleAccount } from '../../plugins/multitenancy.ts';
import { buildMe, loadAuthContext, workingAccountId } from '../../services/session.ts';

const Permissions = Type.Array(Type.String(), { description: 'Permission strings (docs/api.md)' });

export const MeAnswer = Type.Object({
  user: Type.Object({
    _id: Uuid,
    id: Uuid,
    login: Type.String(),
    nome: Type.String(),
    avatar: Nullable(Type.String()),
    cargo: Type.String({ description: 'Role name in the working team' }),
    contaId: Type.String({ description: "The user's default team (UUID)" }),
    diretorioRoot: Type.String({ description: "The user's root VOD directory name" }),
    selectedTeamId: Nullable(Uuid),
    clienteSelecionado: Nullable(Uuid),
    cliente: Type.Object(
      { id: Type.String(), nome: Type.String() },
      { description: "The user's own client" },
    ),
    canManageTeamsUsers: Type.Boolean(),
  }),
  permissoes: Permissions,
  contasCargos: Type.Array(
    Type.Object({
      conta_id: Uuid,
      conta_nome: Type.String(),
      conta_thumbnail: Nullable(Type.String()),
      cliente: Type.String(),
      cargo_nome: Type.String(),
      permissoes: Permissions,
      bloqueada: Type.Boolean(),
    }),
  ),
});

// The answer equals contract/session.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type MeMatchesContract = Expect<Equal<Static<typeof MeAnswer>, Contract.Me>>;

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bff/me',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user, the permissions in the working team, and every team with its role',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: MeAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => buildMe(app.db, request.auth!, request.account),
  );

  app.post(
    '/bff/logout',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'Sign out everywhere: every token of the user stops working',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await app.db.transaction().execute(async (trx) => {
        await revokeTokens(trx, auth.user.id);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: workingAccountId(auth, request.account),
          event: 'SESSAO_ENCERRADA',
          identifier: auth.user.login,
          record: [],
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/bff/me/selected-team',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'Store the team the user works in',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ accountId: Uuid }),
        response: { 200: MeAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const account = await accessibleAccount(request, auth, request.body.accountId.toLowerCase());
      if (!account) throw new ApiError(404, 'accountNotFound');
      const staffVisit = auth.isStaff && !auth.memberships.some((m) => m.accountId === account.id);
      await app.db.transaction().execute(async (trx) => {
        await setSessionTeam(trx, auth.session.id, account.id);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: account.id,
          // Staff stepping into a team they are not a member of (from /clients) act as staff there.
          event: staffVisit ? 'ACESSO_STAFF' : 'TIME_SELECIONADO',
          identifier: account.name,
          record: toRecord({
            conta_id: account.id,
            conta_nome: account.name,
            cliente: account.clientName,
            ...(staffVisit ? { staff: true } : {}),
          }),
        });
      });
      const fresh = await loadAuthContext(app.db, auth.user, {
        id: auth.session.id,
        selectedAccountId: account.id,
      });
      // The answer describes the newly selected team, whatever accountId the call itself carried.
      return buildMe(app.db, fresh, null);
    },
  );
};

export default sessionRoutes;
