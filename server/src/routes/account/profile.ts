import rateLimit from '@fastify/rate-limit';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  findUserById,
  lockUser,
  revokeTokens,
  setPassword,
  setUserName,
} from '../../db/repositories/users.ts';
import { AccountIdQuery, bearer, errors, Name, Nullable, Uuid } from '../../http/schemas.ts';
import { toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { revokeOwnKeys } from '../../services/revoke-own-keys.ts';
import { logOwnAction } from './own-activity.ts';

const AUTHENTICATED = 'authenticated' as const;
// The spec's password rule (SPEC §5 "New password"); the current one is only bounded.
const NewPassword = Type.String({ minLength: 4, maxLength: 16 });
const Token = Type.Object({
  Token: Type.String({ description: 'The caller’s new token: the old one is revoked' }),
});
const Profile = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
});

/** Current-password checks a user may make per window: a stolen token cannot try passwords at leisure. */
export const PASSWORD_CHECK_RATE = { max: 10, timeWindow: 15 * 60_000 };

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // After authentication (preHandler), so the limit is per user, whatever address they come from.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => `me-password:${request.auth?.user.id ?? request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
  /** Revokes every token of the caller (in `trx`), then, once committed, signs the caller in afresh in
   * the same team: the other sessions are dead, this one goes on with the returned token. */
  const reissue = async (request: FastifyRequest) => {
    const auth = request.auth!;
    const user = await findUserById(app.db, auth.user.id);
    if (!user) throw new ApiError(401, 'sessionExpired');
    const token = await app.issueToken(user, auth.session.selectedAccountId);
    return { Token: token };
  };

  app.patch(
    '/v1/me/profile',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags: ['session'],
        summary: "Change the signed-in user's own name",
        description: 'Logs `PERFIL_ATUALIZADO`.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object(
          { name: Name({ minLength: 1, maxLength: 100, pattern: '\\S' }) },
          { additionalProperties: false },
        ),
        response: { 200: Profile, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const name = request.body.name.trim();
      await app.db.transaction().execute(async (trx) => {
        await setUserName(trx, user.id, name);
        await logOwnAction(trx, request, 'PERFIL_ATUALIZADO', toRecord({ nome: name }));
      });
      return { id: user.id, name, email: user.login, avatar: user.avatar };
    },
  );

  app.post(
    '/v1/me/password',
    {
      config: { permission: AUTHENTICATED, rateLimit: PASSWORD_CHECK_RATE },
      schema: {
        tags: ['session'],
        summary: 'Change the own password (the current one required); every other session is signed out',
        description:
          'A wrong current password → 400 `A senha atual está incorreta`. Answers a new token for the caller: ' +
          'every token issued before (this one included) stops working. Logs `SENHA_ATUALIZADA`. More than 10 ' +
          'calls by one user in 15 minutes → 429.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object(
          { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: NewPassword },
          { additionalProperties: false },
        ),
        response: { 200: Token, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const userId = request.auth!.user.id;
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const user = await findUserById(trx, userId);
        if (!user || !(await verifyPassword(user.password_hash, currentPassword)))
          throw new ApiError(400, 'currentPasswordWrong');
        await setPassword(trx, userId, passwordHash);
        await revokeOwnKeys(trx, request, user, 'SENHA_ATUALIZADA');
        await logOwnAction(trx, request, 'SENHA_ATUALIZADA');
      });
      return reissue(request);
    },
  );

  app.post(
    '/v1/me/sign-out-others',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags: ['session'],
        summary: 'Sign out every other session of the caller',
        description:
          'Every token issued before stops working; the answer carries a new token that keeps this session ' +
          'signed in (in the same team). Logs `SESSOES_ENCERRADAS`.',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Token, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        await revokeTokens(trx, request.auth!.user.id);
        await revokeOwnKeys(trx, request, request.auth!.user, 'SESSOES_ENCERRADAS');
        await logOwnAction(trx, request, 'SESSOES_ENCERRADAS');
      });
      return reissue(request);
    },
  );
};

export default profileRoutes;
