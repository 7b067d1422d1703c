import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/auth.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  countLoginAttempts,
  forgetAddressAttempt,
  forgetLoginAttempt,
  recordLoginAttempt,
} from '../../db/repositories/login-failures.ts';
import { findUserByLogin } from '../../db/repositories/users.ts';
import { errors } from '../../http/schemas.ts';
import { activityOf } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { getDummyHash, verifyPassword } from '../../lib/password.ts';
import { CHALLENGE_TTL_SECONDS, signChallenge, twoFactorKeys } from '../../lib/two-factor.ts';
import { throttleAddress, tooManyLogins } from '../../services/login-throttle.ts';
import { completeSignIn } from './sign-in.ts';

export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES = 10;

const LoginBody = Type.Object({
  login: Type.String({ format: 'email', minLength: 1, maxLength: 254, description: 'E-mail address' }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const LoginAnswer = Type.Object({
  Token: Type.Optional(
    Type.String({
      description: 'JWT HS256: sub (user id), ver (token version), cargo (role), exp (12 h)',
    }),
  ),
  twoFactor: Type.Optional(
    Type.Object(
      {
        challenge: Type.String({ description: 'Signed, good for 5 minutes: send it with the code' }),
        expiresIn: Type.Integer({ description: 'Seconds' }),
      },
      { description: 'Present instead of Token when the user has two-factor sign-in on' },
    ),
  ),
});

// The answer equals contract/auth.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type LoginMatchesContract = Expect<Equal<Static<typeof LoginAnswer>, Contract.LoginAnswer>>;

const loginRoute: FastifyPluginAsyncTypebox = async (app) => {
  const keys = twoFactorKeys(app.jwtKey);
  app.post(
    '/api/user/login',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with login (e-mail) and password',
        description:
          'A user with two-factor sign-in gets no Token here but `twoFactor.challenge`, to send with a code ' +
          'to POST /api/user/login/2fa.',
        body: LoginBody,
        response: { 200: LoginAnswer, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { db } = app;
      const login = request.body.login.trim().toLowerCase();

      // Per client address first (a password spray tries one password on many logins), then per login
      // (many passwords on one). Both counted in the database, so that every instance sees the same
      // attempts, and written before the check so that parallel guesses count against each other.
      const fromAddress = await throttleAddress(db, request.ip, app.config.loginThrottle);
      const attempt = await recordLoginAttempt(db, login);
      const { count, oldest } = await countLoginAttempts(db, login, LOGIN_WINDOW_MINUTES);
      if (count > LOGIN_MAX_FAILURES) {
        await Promise.all([forgetLoginAttempt(db, attempt), forgetAddressAttempt(db, fromAddress)]);
        throw tooManyLogins(oldest, LOGIN_WINDOW_MINUTES);
      }

      const user = await findUserByLogin(db, login);
      // An unknown login is checked against a dummy hash: same work, same answer, same time.
      const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), request.body.password);
      const { ip, userAgent } = activityOf(request);
      if (!user || !ok) {
        // Its own small write (the attempt row above is already counted), one insert for a known and
        // an unknown login alike so the timing tells nothing. Nobody is signed in: no responsible.
        // A known login's refusal lands in that user's default team, where its owners can see it.
        await recordActivity(db, {
          accountId: user?.default_account_id ?? null,
          event: 'LOGIN_RECUSADO',
          identifier: login,
          record: [],
          actor: null,
          ip,
          userAgent,
        });
        throw new ApiError(401, 'wrongCredentials');
      }

      // The password alone gives no session: the second step (login-2fa.ts) needs this challenge and a
      // code. The failed-attempt count is left as is until that step succeeds, so codes guessed with a
      // known password count against the same limit as passwords.
      if (user.totp_enabled_at && user.totp_secret) {
        await forgetAddressAttempt(db, fromAddress);
        const challenge = await signChallenge(keys, user.id, user.token_version);
        return { twoFactor: { challenge, expiresIn: CHALLENGE_TTL_SECONDS } };
      }

      const token = await completeSignIn(app, user, { login, fromAddress, ip, userAgent });
      return { Token: token };
    },
  );
};

export default loginRoute;
