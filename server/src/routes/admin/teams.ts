import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type * as Contract from '../../../../contract/admin.ts';
import { findAccountById } from '../../db/repositories/accounts.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  type ClientTeam,
  findClientTeam,
  insertClientTeam,
  listClientTeams,
  teamNameTaken,
  updateClientTeam,
} from '../../db/repositories/client-teams.ts';
import { listAccountUsers } from '../../db/repositories/team-users.ts';
import { AccountIdQuery, bearer, errors, Name, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { MAX_SMALL_IMAGE_BYTES, removeSmallImage, saveSmallImage } from '../../media/small-images.ts';
import { STAFF_PERMISSION } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { roleIn } from '../../services/session.ts';
import { readSmallImage } from '../videos/multipart.ts';

/** SPEC route table: /teams needs gerenciarTimes or manageTeamUsers. */
export const MANAGE_TEAMS = { anyOf: ['gerenciarTimes', 'manageTeamUsers'] } as const;

const TeamSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  thumbnail: Nullable(Type.String()),
  blocked: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  membersCount: Type.Integer(),
});
const ClientTeams = Type.Object({
  client: Type.Object({ id: Uuid, name: Type.String() }),
  items: Type.Array(TeamSchema),
});

// The answers equal contract/admin.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type ClientTeamMatchesContract = Expect<Equal<Static<typeof TeamSchema>, Contract.ClientTeam>>;
export type ClientTeamsMatchesContract = Expect<Equal<Static<typeof ClientTeams>, Contract.ClientTeams>>;
const TeamName = Name({ minLength: 1, maxLength: 100, pattern: '\\S' });
const TeamParams = Type.Object({ teamId: Uuid });

const show = (t: ClientTeam) => ({ ...t, createdAt: new Date(t.createdAt).toISOString() });

/** The working team's client: /teams manages that client's teams. */
async function clientOf(request: FastifyRequest): Promise<{ id: string; name: string }> {
  const account = await findAccountById(request.server.db, accountOf(request));
  if (!account) throw new ApiError(404, 'accountNotFound');
  return { id: account.clientId, name: account.clientName };
}

/**
 * A team of the working team's client; another client's team answers as a missing one. An API key acts
 * in its own team only: the client's other teams answer as missing ones too (docs/api-keys.md).
 */
async function teamOf(request: FastifyRequest, teamId: string) {
  const client = await clientOf(request);
  const team = await findClientTeam(request.server.db, client.id, teamId.toLowerCase());
  if (!team || !keyReaches(request, team.id)) throw new ApiError(404, 'accountNotFound');
  return { client, team };
}

/** Whether the call may touch that team of the client: a person yes, a key only its own team. */
function keyReaches(request: FastifyRequest, teamId: string): boolean {
  const auth = request.auth!;
  return !auth.apiKey || auth.session.selectedAccountId === teamId;
}

const teamsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/client-teams',
    {
      config: { permission: MANAGE_TEAMS },
      schema: {
        tags: ['teams'],
        summary: "The teams of the working team's client (/teams)",
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: ClientTeams,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const client = await clientOf(request);
      const teams = await listClientTeams(app.db, client.id);
      return { client, items: teams.filter((t) => keyReaches(request, t.id)).map(show) };
    },
  );

  app.post(
    '/v1/client-teams',
    {
      config: { permission: MANAGE_TEAMS, blocked: 'accountBlockedContent' },
      schema: {
        tags: ['teams'],
        summary: 'Create a team of the same client; the caller is its first member',
        description:
          "The caller joins it under a role of the new team named and holding as their role in the working team (staff's palcoDeveloper left out). A name another team of the client has (any case) → 409.",
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ name: TeamName }),
        response: { 201: TeamSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      // A new team makes the key's creator its member: a key never acts as the person.
      if (auth.apiKey) throw new ApiError(403, 'apiKeyNotAllowed');
      const client = await clientOf(request);
      const name = request.body.name.trim();
      const role = roleIn(auth, accountOf(request));
      const teamId = await app.db.transaction().execute(async (trx) => {
        if (await teamNameTaken(trx, client.id, name)) throw new ApiError(409, 'teamNameTaken');
        const id = await insertClientTeam(trx, {
          clientId: client.id,
          name,
          creatorId: auth.user.id,
          roleName: role?.nome ?? 'administrador',
          permissions: (role?.permissoes ?? []).filter((p) => p !== STAFF_PERMISSION),
        });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: id,
          event: 'TIME_CRIADO',
          identifier: name,
          record: toRecord({ nome: name, cliente: client.name }),
        });
        return id;
      });
      const team = await findClientTeam(app.db, client.id, teamId);
      return reply.code(201).send(show(team!));
    },
  );

  app.patch(
    '/v1/client-teams/:teamId',
    {
      config: { permission: MANAGE_TEAMS },
      schema: {
        tags: ['teams'],
        summary: 'Rename a team of the same client',
        security: bearer,
        params: TeamParams,
        querystring: AccountIdQuery,
        body: Type.Object({ name: TeamName }),
        response: { 200: TeamSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { client, team } = await teamOf(request, request.params.teamId);
      const name = request.body.name.trim();
      if (name !== team.name) {
        await app.db.transaction().execute(async (trx) => {
          if (await teamNameTaken(trx, client.id, name, team.id)) throw new ApiError(409, 'teamNameTaken');
          await updateClientTeam(trx, team.id, { name });
          await recordActivity(trx, {
            ...activityOf(request),
            accountId: team.id,
            event: 'TIME_ATUALIZADO',
            identifier: name,
            record: toRecord({ nome: name, nomeAnterior: team.name }),
          });
        });
      }
      return show((await findClientTeam(app.db, client.id, team.id))!);
    },
  );

  app.post(
    '/v1/client-teams/:teamId/thumbnail',
    {
      config: { permission: MANAGE_TEAMS, blocked: 'accountBlockedContent' },
      schema: {
        tags: ['teams'],
        summary: "Set a team's thumbnail (the team selector's picture; /account/settings' logo)",
        description: `multipart field \`file\`: PNG, JPEG or WebP, checked by content and decoded, at most ${MAX_SMALL_IMAGE_BYTES} bytes; stored scaled into 512×512.`,
        security: bearer,
        consumes: ['multipart/form-data'],
        params: TeamParams,
        querystring: AccountIdQuery,
        response: { 200: TeamSchema, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { client, team } = await teamOf(request, request.params.teamId);
      const bytes = await readSmallImage(request);
      const url = await saveSmallImage(app.media.storage, 'teams', team.id, bytes);
      await app.db.transaction().execute(async (trx) => {
        await updateClientTeam(trx, team.id, { thumbnail: url });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId: team.id,
          event: 'TIME_ATUALIZADO',
          identifier: team.name,
          record: toRecord({ thumbnail: url }),
        });
      });
      await removeSmallImage(app.media.storage, 'teams', team.id, team.thumbnail);
      return show((await findClientTeam(app.db, client.id, team.id))!);
    },
  );

  app.get(
    '/v1/client-teams/:teamId/members',
    {
      config: { permission: MANAGE_TEAMS },
      schema: {
        tags: ['teams'],
        summary: "A team's members with their role there",
        security: bearer,
        params: TeamParams,
        querystring: AccountIdQuery,
        response: {
          200: Type.Array(
            Type.Object({ id: Uuid, name: Type.String(), email: Type.String(), role: Type.String() }),
          ),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { team } = await teamOf(request, request.params.teamId);
      const users = await listAccountUsers(app.db, team.id);
      return users.map((u) => ({ id: u.id, name: u.nome, email: u.login, role: u.cargo }));
    },
  );
};

export default teamsRoutes;
