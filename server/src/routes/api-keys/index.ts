import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/api-keys.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { type ApiKeyView, createApiKey, listApiKeys, revokeApiKey } from '../../db/repositories/api-keys.ts';
import { deleteWebhooksOfKey } from '../../db/repositories/webhooks.ts';
import { AccountIdQuery, bearer, errors, Name, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { PERMISSION_CATALOG } from '../../lib/permission-catalog.ts';
import { ALL_PERMISSIONS, type Permission } from '../../permissions.ts';
import { accountOf } from '../../plugins/caller.ts';
import { generateApiKey } from '../../services/api-keys.ts';
import type { AuthContext } from '../../services/session.ts';
import { beyondOwn } from '../../services/team-rules.ts';

/** The page's permission (SPEC route table) or the menu's (`api`). */
const MANAGE_KEYS = { anyOf: ['showClients', 'api'] } as const;
/** The longest a key may live: a year and a day, so "one year" from any time zone fits. */
export const MAX_KEY_DAYS = 366;

const PermissionName = Type.Union(ALL_PERMISSIONS.map((p) => Type.Literal(p)));

const ApiKey = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String({ description: 'The visible start of the secret, e.g. palco_live_ab12cd34' }),
  permissions: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  expired: Type.Boolean(),
  lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
  createdBy: Type.Object({ id: Uuid, name: Type.String() }),
});

const CreatedApiKey = Type.Intersect([ApiKey, Type.Object({ secret: Type.String() })]);
const KeyScope = Type.Object({ permission: Type.String(), description: Type.String() });

// The answers equal contract/api-keys.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type ApiKeyMatchesContract = Expect<Equal<Static<typeof ApiKey>, Contract.ApiKey>>;
export type CreatedApiKeyMatchesContract = Expect<
  Equal<Static<typeof CreatedApiKey>, Contract.CreatedApiKey>
>;
export type KeyScopeMatchesContract = Expect<Equal<Static<typeof KeyScope>, Contract.KeyScope>>;

const view = (key: ApiKeyView) => ({
  ...key,
  createdAt: key.createdAt.toISOString(),
  expiresAt: key.expiresAt.toISOString(),
  expired: key.expiresAt.getTime() <= Date.now(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

/** What a key created by this person in this team may hold: the permissions of their own role there (staff
 * included: their role there bounds the key), in the catalogue's order. */
function keyScopes(auth: AuthContext, accountId: string): Permission[] {
  const held = auth.memberships.find((m) => m.accountId === accountId)?.permissions ?? [];
  return ALL_PERMISSIONS.filter(
    (p) => held.includes(p) && (!auth.isStaff || beyondOwn(auth, accountId, [p]).length === 0),
  );
}

/** API keys of the working team (docs/api-keys.md). Managed with a session only, never with a key. */
const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.auth?.apiKey) throw new ApiError(403, 'apiKeyNotAllowed');
  });

  app.get(
    '/v1/api-keys',
    {
      config: { permission: MANAGE_KEYS },
      schema: {
        tags: ['api-keys'],
        summary: "The team's API keys (not revoked), newest first, with their last use",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Type.Array(ApiKey), ...errors(400, 401, 404) },
      },
    },
    async (request) => (await listApiKeys(app.db, accountOf(request))).map(view),
  );

  app.get(
    '/v1/api-keys/scopes',
    {
      config: { permission: MANAGE_KEYS },
      schema: {
        tags: ['api-keys'],
        summary: 'The permissions a new key of the caller may hold in the team, with their descriptions',
        description:
          "The caller's own permissions in the team (what `POST /v1/api-keys` accepts), in the catalogue's " +
          "order, each with the catalogue's description in the request's language (the new-key dialog's " +
          'checklist; the full catalogue, `GET /v1/permissions`, needs showPermissions or showRoles).',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Array(KeyScope),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const lang = langOf(request);
      return keyScopes(request.auth!, accountOf(request)).map((permission) => ({
        permission,
        description: PERMISSION_CATALOG[permission].description[lang],
      }));
    },
  );

  app.post(
    '/v1/api-keys',
    {
      config: { permission: MANAGE_KEYS, blocked: 'accountBlockedContent' },
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; its secret is in this answer only',
        description:
          'The key acts as the caller in the team, limited to `permissions`: a permission the caller does ' +
          `not hold there → 403. \`expiresAt\` must be in the next ${MAX_KEY_DAYS} days (400).`,
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({
          name: Name({ minLength: 1, maxLength: 80, pattern: '\\S' }),
          expiresAt: Type.String({ format: 'date-time', maxLength: 40 }),
          permissions: Type.Array(PermissionName, {
            minItems: 1,
            maxItems: ALL_PERMISSIONS.length,
            uniqueItems: true,
          }),
        }),
        response: {
          201: CreatedApiKey,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const { permissions } = request.body;
      const name = request.body.name.trim();
      const expiresAt = new Date(request.body.expiresAt);
      const ahead = expiresAt.getTime() - Date.now();
      if (!(ahead > 0 && ahead <= MAX_KEY_DAYS * 86_400_000))
        throw new ApiError(400, 'apiKeyExpiry', { params: { days: MAX_KEY_DAYS }, field: 'expiresAt' });
      // The creator's own role in the team bounds the key (staff included: their role there).
      const held = auth.memberships.find((m) => m.accountId === accountId)?.permissions ?? [];
      const missing = auth.isStaff ? beyondOwn(auth, accountId, permissions) : [];
      const wider = [...new Set([...missing, ...permissions.filter((p) => !held.includes(p))])];
      if (wider.length > 0)
        throw new ApiError(403, 'apiKeyScopeTooWide', { params: { permissions: wider.join(', ') } });
      const { secret, prefix, hash } = generateApiKey(app.apiKeyPepper);
      const id = await app.db.transaction().execute(async (trx) => {
        const created = await createApiKey(trx, {
          account_id: accountId,
          user_id: auth.user.id,
          name,
          prefix,
          secret_hash: hash,
          permissions,
          expires_at: expiresAt,
        });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CHAVE_API_CRIADA',
          identifier: name,
          record: toRecord({ nome: name, prefixo: prefix, permissoes: permissions, validade: expiresAt }),
        });
        return created;
      });
      const [key] = await listApiKeys(app.db, accountId, id);
      return reply.code(201).send({ ...view(key!), secret });
    },
  );

  app.delete(
    '/v1/api-keys/:id',
    {
      config: { permission: MANAGE_KEYS },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key: the next call made with it answers 401',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const revoked = await app.db.transaction().execute(async (trx) => {
        const key = await revokeApiKey(trx, accountId, request.params.id.toLowerCase());
        if (!key) throw new ApiError(404, 'apiKeyNotFound');
        // The endpoints registered through the key go with it (docs/api-keys.md).
        const webhooks = await deleteWebhooksOfKey(trx, key.id);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CHAVE_API_REMOVIDA',
          identifier: key.name,
          record: toRecord({
            nome: key.name,
            prefixo: key.prefix,
            ...(webhooks.length > 0 ? { webhooksRemovidos: webhooks.map((w) => w.url) } : {}),
          }),
        });
        return key;
      });
      request.log.info({ apiKey: revoked.prefix }, 'API key revoked');
      return reply.code(204).send(null);
    },
  );
};

export default apiKeyRoutes;
