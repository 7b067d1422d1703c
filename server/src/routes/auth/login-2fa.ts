import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  countLoginAttempts,
  forgetAddressAttempt,
  forgetLoginAttempt,
  recordLoginAttempt,
} from '../../db/repositories/login-failures.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { errors } from '../../http/schemas.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { twoFactorKeys, verifyChallenge } from '../../lib/two-factor.ts';
import { throttleAddress, tooManyLogins } from '../../services/login-throttle.ts';
import { useSecondFactor } from '../../services/two-factor-verify.ts';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from './login.ts';
import { completeSignIn } from './sign-in.ts';

const SecondStepBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 2048 }),
    code: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'The 6 digits of the authenticator app, or one unused recovery code',
    }),
  },
  { additionalProperties: false },
);

const loginSecondStepRoute: FastifyPluginAsyncTypebox = async (app) => {
  const keys = twoFactorKeys(app.jwtKey);
  app.post(
    '/api/user/login/2fa',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Second step of a two-factor sign-in: the challenge of the password step and a code',
        description:
          'A wrong, expired or reused code → 401. Wrong codes count with wrong passwords of the same login ' +
          '(10 in 15 minutes, then 429). A TOTP code is accepted for ±30 s and only once; a recovery code ' +
          'only once.',
        body: SecondStepBody,
        response: { 200: Type.Object({ Token: Type.String() }), ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { db } = app;
      const claim = await verifyChallenge(keys, request.body.challenge);
      if (!claim) throw new ApiError(401, 'twoFactorChallengeInvalid');
      const user = await findUserById(db, claim.userId);
      // A password change or sign-out since the password step voids the challenge.
      if (!user || user.token_version !== claim.version || !user.totp_secret)
        throw new ApiError(401, 'twoFactorChallengeInvalid');

      const fromAddress = await throttleAddress(db, request.ip, app.config.loginThrottle);
      const attempt = await recordLoginAttempt(db, user.login);
      const { count, oldest } = await countLoginAttempts(db, user.login, LOGIN_WINDOW_MINUTES);
      if (count > LOGIN_MAX_FAILURES) {
        await Promise.all([forgetLoginAttempt(db, attempt), forgetAddressAttempt(db, fromAddress)]);
        throw tooManyLogins(oldest, LOGIN_WINDOW_MINUTES);
      }

      const { ip, userAgent } = activityOf(request);
      if (!(await useSecondFactor(db, keys, user, request.body.code))) {
        await recordActivity(db, {
          accountId: user.default_account_id,
          event: 'LOGIN_RECUSADO',
          identifier: user.login,
          record: [],
          actor: null,
          ip,
          userAgent,
        });
        throw new ApiError(401, 'twoFactorCodeWrong');
      }

      const token = await completeSignIn(app, user, { login: user.login, fromAddress, ip, userAgent });
      return { Token: token };
    },
  );
};

export default loginSecondStepRoute;
