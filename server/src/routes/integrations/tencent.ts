import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { TencentStatus } from '../../../../contract/integrations.ts';
import {
  deleteConnection,
  folderName,
  importCounts,
  listConnections,
  updateConnection,
  upsertConnection,
} from '../../db/repositories/integrations.ts';
import type { Executor } from '../../db/schema.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ProviderError } from '../../integrations/http.ts';
import { TencentApiError, verifyTencentKeys } from '../../integrations/tencent.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf, type MessageKey, t } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
import { logIntegration, soleConnection } from './connection.ts';

/*
 * The Tencent Cloud card (VOD tab): the customer's SecretId/SecretKey, checked with a signed call
 * before they are kept (the SecretKey sealed, never answered, logged or in the activity log); the VOD
 * media imported into a new folder while import is on. docs/integrations.md "Tencent Cloud".
 */

const config = {
  permission: { anyOf: ['palcoDeveloper', 'integrations'] as ['palcoDeveloper', 'integrations'] },
};
/** Connecting and switching import on add videos: refused while the team is blocked for non-payment. */
const adds = { ...config, blocked: 'accountBlockedVideos' as const };
const tags = ['integrations'];

const ImportSummary = Type.Object({
  folderId: Type.Union([Type.String(), Type.Null()]),
  folderName: Type.Union([Type.String(), Type.Null()]),
  pending: Type.Integer(),
  imported: Type.Integer(),
  failed: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
const Status = Type.Object({
  activeImport: Type.Boolean(),
  activeIntegration: Type.Boolean(),
  secretId: Type.Union([Type.String(), Type.Null()]),
  import: ImportSummary,
});

/** A SecretId as Tencent issues them (AKID…): letters and digits. */
const SecretId = Type.String({ minLength: 1, maxLength: 128, pattern: '^\\s*[A-Za-z0-9]+\\s*$' });
const SecretKey = Type.String({ minLength: 1, maxLength: 128, pattern: '^\\s*[\\x21-\\x7e]+\\s*$' });

async function statusOf(db: Executor, accountId: string, lang: 'pt-BR' | 'en'): Promise<TencentStatus> {
  const connection = await soleConnection(db, accountId, 'tencent');
  const counts = connection ? (await importCounts(db, [connection.id])).get(connection.id) : undefined;
  return {
    activeImport: connection?.active_import ?? false,
    activeIntegration: connection !== undefined,
    secretId: connection?.external_account_id ?? null,
    import: {
      folderId: connection?.folder_id ?? null,
      folderName: connection ? await folderName(db, connection.folder_id) : null,
      pending: counts?.pending ?? 0,
      imported: counts?.imported ?? 0,
      failed: counts?.failed ?? 0,
      lastError: counts?.lastError ? t(lang, counts.lastError as MessageKey) : null,
    },
  };
}

const tencentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const api = () => ({
    apiUrl: app.config.integrations.tencent.apiUrl,
    region: app.config.integrations.tencent.region,
    timeoutMs: app.config.integrations.httpTimeoutMs,
  });

  app.get(
    '/bff/tencent/vod/importacao-ativa',
    {
      config,
      schema: {
        tags,
        summary: "The Tencent card's state: integrated, import on, the SecretId, what the import did",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Status, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => statusOf(app.db, accountOf(request), langOf(request)),
  );

  app.put(
    '/bff/tencent/vod/importacao-ativa',
    {
      config: adds,
      schema: {
        tags,
        summary: 'Switch the Tencent import on or off',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ activeImport: Type.Boolean() }),
        response: { 200: Status, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const { activeImport } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const connection = await soleConnection(trx, accountId, 'tencent');
        if (!connection) throw new ApiError(404, 'integrationNotFound');
        await updateConnection(trx, connection.id, { active_import: activeImport });
        if (activeImport) await app.integrations.schedulePoll(connection.id, 0, trx);
        await logIntegration(trx, activityOf(request), accountId, 'tencent', 'IMPORTACAO_ATUALIZADA', {
          activeImport,
        });
      });
      return statusOf(app.db, accountId, langOf(request));
    },
  );

  app.post(
    '/bff/tencent/vod/migra-gravacoes',
    {
      config: adds,
      schema: {
        tags,
        summary: 'Connect Tencent Cloud VOD with the customer’s keys and import its media into a new folder',
        description:
          'The keys are checked by a signed, read-only call (SearchMedia) first: a pair Tencent refuses is ' +
          'a 400 on `secretKey` and nothing is saved; Tencent unreachable is a 502. The SecretKey is kept ' +
          'sealed and is never answered.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ secretId: SecretId, secretKey: SecretKey }),
        response: { 200: Status, ...errors(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const keys = { secretId: request.body.secretId.trim(), secretKey: request.body.secretKey.trim() };
      try {
        await verifyTencentKeys(api(), keys);
      } catch (error) {
        if (
          error instanceof TencentApiError &&
          (error.badKeys || error.code.startsWith('UnauthorizedOperation'))
        ) {
          request.log.info({ code: error.code }, 'tencent: keys refused');
          if (error.badKeys) throw new ApiError(400, 'tencentKeysInvalid', { field: 'secretKey' });
          throw new ApiError(400, 'tencentKeysForbidden', {
            field: 'secretKey',
            params: { code: error.code },
          });
        }
        if (error instanceof ProviderError) {
          request.log.warn({ status: error.status }, 'tencent: keys could not be checked');
          throw new ApiError(502, 'tencentUnreachable');
        }
        throw error;
      }
      await app.db.transaction().execute(async (trx) => {
        // One Tencent account per team: new keys replace the old ones.
        for (const old of await listConnections(trx, accountId, 'tencent')) {
          if (old.external_account_id !== keys.secretId) await deleteConnection(trx, old.id);
        }
        const { row } = await upsertConnection(trx, {
          accountId,
          provider: 'tencent',
          externalAccountId: keys.secretId,
          label: keys.secretId,
          accessTokenEnc: null,
          refreshTokenEnc: null,
          secretEnc: app.integrations.seal(accountId, 'tencent', keys.secretKey),
          tokenExpiresAt: null,
          scopes: '',
          createdBy: request.auth!.user.id,
        });
        await updateConnection(trx, row.id, { active_import: true });
        await app.integrations.ensureFolder(trx, row);
        await app.integrations.schedulePoll(row.id, 0, trx);
        await logIntegration(trx, activityOf(request), accountId, 'tencent', 'INTEGRACAO_AUTORIZADA', {
          secretId: keys.secretId,
        });
      });
      return statusOf(app.db, accountId, langOf(request));
    },
  );

  app.delete(
    '/bff/tencent/vod/migra-gravacoes',
    {
      config,
      schema: {
        tags,
        summary: 'Undo the Tencent integration: the keys are forgotten, imports stop (imported videos stay)',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      await app.db.transaction().execute(async (trx) => {
        const connection = await soleConnection(trx, accountId, 'tencent');
        if (!connection) throw new ApiError(404, 'integrationNotFound');
        await deleteConnection(trx, connection.id);
        await logIntegration(trx, activityOf(request), accountId, 'tencent', 'INTEGRACAO_REMOVIDA', {
          secretId: connection.external_account_id,
        });
      });
      return reply.code(204).send(null);
    },
  );
};

export default tencentRoutes;
