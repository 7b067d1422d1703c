import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  clearLoginAttempts,
  countLoginAttempts,
  forgetAddressAttempt,
  forgetLoginAttempt,
  recordLoginAttempt,
} from '../../db/repositories/login-failures.ts';
import { findUserByLogin, recordLogin } from '../../db/repositories/users.ts';
import { activityOf, actorOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { throttleAddress, tooManyLogins } from '../../lib/login-throttle.ts';
import { getDummyHash, verifyPassword } from '../../lib/password.ts';
import { errors } from '../schemas.ts';

export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES = 10;

const LoginBody = Type.Object({
  login: Type.String({ format: 'email', minLength: 1, maxLength: 254, description: 'E-mail address' }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

const LoginAnswer = Type.Object({
  Token: Type.String({
    description: 'JWT HS256: sub (user id), ver (token version), cargo (role), exp (12 h)',
  }),
});

const loginRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/login',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with login (e-mail) and password',
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

      // The session behind the token is made first: if the rest fails, no token leaves and the unused
      // session simply expires.
      const token = await app.issueToken(user);
      await db.transaction().execute(async (trx) => {
        await clearLoginAttempts(trx, login);
        await forgetAddressAttempt(trx, fromAddress);
        await recordLogin(trx, user.id);
        await recordActivity(trx, {
          accountId: user.default_account_id,
          event: 'LOGIN_REALIZADO',
          identifier: user.login,
          record: [],
          actor: actorOf(user),
          ip,
          userAgent,
        });
      });
      return { Token: token };
    },
  );
};

export default loginRoute;
