import rateLimit from '@fastify/rate-limit';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { disableTotp, enableTotp, setPendingTotp } from '../../db/repositories/two-factor.ts';
import { findUserById, lockUser } from '../../db/repositories/users.ts';
import { AccountIdQuery, bearer, errors } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpStep,
  twoFactorKeys,
} from '../../lib/two-factor.ts';
import { useSecondFactor } from '../../services/two-factor-verify.ts';
import { logOwnAction } from './own-activity.ts';
import { PASSWORD_CHECK_RATE } from './profile.ts';

const AUTHENTICATED = 'authenticated' as const;
const Code = Type.String({ minLength: 1, maxLength: 32 });
const Status = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ description: 'Unused recovery codes' }),
});

const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keys = twoFactorKeys(app.jwtKey);
  // Per user, after authentication: a stolen token cannot guess codes or passwords at leisure.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => `me-2fa:${request.auth?.user.id ?? request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });

  app.get(
    '/v1/me/2fa',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags: ['session'],
        summary: 'Whether the caller has two-factor sign-in on',
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: Status, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.auth!.user.id);
      if (!user) throw new ApiError(401, 'sessionExpired');
      return { enabled: user.totp_secret !== null, recoveryCodesLeft: user.totp_recovery_hashes.length };
    },
  );

  app.post(
    '/v1/me/2fa/setup',
    {
      config: { permission: AUTHENTICATED, rateLimit: PASSWORD_CHECK_RATE },
      schema: {
        tags: ['session'],
        summary: 'Start setting up two-factor sign-in: a new secret, pending until a code confirms it',
        description:
          'Answers the secret (base32), its otpauth:// URI and that URI as a QR code (SVG data URL). Each call ' +
          'replaces the pending secret. Already on → 409.',
        security: bearer,
        querystring: AccountIdQuery,
        response: {
          200: Type.Object({ secret: Type.String(), uri: Type.String(), qr: Type.String() }),
          ...errors(400, 401, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const user = await findUserById(app.db, auth.user.id);
      if (!user) throw new ApiError(401, 'sessionExpired');
      if (user.totp_secret) throw new ApiError(409, 'twoFactorAlreadyOn');
      const setup = await newTotpSecret(user.login);
      await setPendingTotp(app.db, user.id, sealSecret(keys, setup.secret));
      return setup;
    },
  );

  app.post(
    '/v1/me/2fa/enable',
    {
      config: { permission: AUTHENTICATED, rateLimit: PASSWORD_CHECK_RATE },
      schema: {
        tags: ['session'],
        summary: 'Confirm the pending secret with a code: two-factor sign-in is on from now',
        description:
          'Answers 10 recovery codes, shown this once (only their hashes are kept), each good for one sign-in. ' +
          'Wrong code → 400; no setup pending → 409. Logs `DOIS_FATORES_ATIVADO`.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({ code: Code }, { additionalProperties: false }),
        response: {
          200: Type.Object({ recoveryCodes: Type.Array(Type.String()) }),
          ...errors(400, 401, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const codes = newRecoveryCodes();
      await app.db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const user = await findUserById(trx, userId);
        if (!user) throw new ApiError(401, 'sessionExpired');
        if (user.totp_secret) throw new ApiError(409, 'twoFactorAlreadyOn');
        if (!user.totp_pending_secret) throw new ApiError(409, 'twoFactorNotPending');
        const step = await totpStep(openSecret(keys, user.totp_pending_secret), request.body.code.trim());
        if (step === null) throw new ApiError(400, 'twoFactorCodeWrong');
        const hashes = codes.map((c) => hashRecoveryCode(keys, c));
        await enableTotp(trx, userId, user.totp_pending_secret, step, hashes);
        await logOwnAction(trx, request, 'DOIS_FATORES_ATIVADO');
      });
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/v1/me/2fa/disable',
    {
      config: { permission: AUTHENTICATED, rateLimit: PASSWORD_CHECK_RATE },
      schema: {
        tags: ['session'],
        summary: 'Turn two-factor sign-in off (current password and a code, or a recovery code)',
        description:
          'Wrong password → 400 `A senha atual está incorreta`; wrong code → 400. Logs ' +
          '`DOIS_FATORES_DESATIVADO`.',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object(
          { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), code: Code },
          { additionalProperties: false },
        ),
        response: { 200: Status, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      await app.db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const user = await findUserById(trx, userId);
        if (!user) throw new ApiError(401, 'sessionExpired');
        if (!user.totp_secret) throw new ApiError(409, 'twoFactorNotOn');
        if (!(await verifyPassword(user.password_hash, request.body.currentPassword)))
          throw new ApiError(400, 'currentPasswordWrong');
        if (!(await useSecondFactor(trx, keys, user, request.body.code)))
          throw new ApiError(400, 'twoFactorCodeWrong');
        await disableTotp(trx, userId);
        await logOwnAction(trx, request, 'DOIS_FATORES_DESATIVADO');
      });
      return { enabled: false, recoveryCodesLeft: 0 };
    },
  );
};

export default twoFactorRoutes;
