import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/auth.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { clearLoginAttempts } from '../../db/repositories/login-failures.ts';
import {
  consumePasswordReset,
  countRecentPasswordResets,
  createPasswordReset,
  findPasswordReset,
  voidOpenPasswordResets,
} from '../../db/repositories/password-resets.ts';
import { findUserById, findUserByLogin, lockUser, setPassword } from '../../db/repositories/users.ts';
import { errors } from '../../http/schemas.ts';
import { activityOf, actorOf } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { type Lang, langOf } from '../../lib/i18n.ts';
import { hashPassword } from '../../lib/password.ts';
import { isUuid } from '../../plugins/multitenancy.ts';
import { revokeOwnKeys } from '../../services/revoke-own-keys.ts';
import { recoveryMail } from './recovery-mail.ts';

export const RESET_TTL_MINUTES = 30;
/** More requests than this per user and hour are answered alike but send no mail (no mail bombing). */
export const RESET_MAILS_PER_HOUR = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

const Email = Type.String({ format: 'email', minLength: 1, maxLength: 254 });
const Ok = Type.Object({ ok: Type.Literal(true) });

// The answer equals contract/auth.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type OkMatchesContract = Expect<Equal<Static<typeof Ok>, Contract.RecoveryAnswer>>;

const forgetPasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/bff/forget-password/send-email',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Mail a password-recovery link (same answer whether the address is known or not)',
        body: Type.Object({
          email: Email,
          locale: Type.Optional(
            Type.String({ maxLength: 10, description: '`en` or `pt-BR` (the mail language)' }),
          ),
        }),
        response: { 202: Ok, ...errors(400) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const { locale } = request.body;
      const lang: Lang = locale ? (locale.toLowerCase().startsWith('en') ? 'en' : 'pt-BR') : langOf(request);

      const origin = activityOf(request);

      // Everything that depends on whether the address exists happens after the answer, so neither
      // the answer nor its timing tells.
      app.runInBackground('password-recovery mail', async () => {
        const user = await findUserByLogin(app.db, email);
        if (!user) return;
        const secret = randomBytes(32).toString('base64url');
        // Counted and written under a lock on the user: parallel requests cannot all pass the throttle.
        const id = await app.db.transaction().execute(async (trx) => {
          await lockUser(trx, user.id);
          if ((await countRecentPasswordResets(trx, user.id, 60)) >= RESET_MAILS_PER_HOUR) return null;
          const resetId = await createPasswordReset(trx, {
            userId: user.id,
            secretHash: sha256(secret).toString('hex'),
            ttlMinutes: RESET_TTL_MINUTES,
          });
          // Whoever asked is not signed in: no responsible. Throttled requests (no link) are not logged.
          await recordActivity(trx, {
            ...origin,
            accountId: user.default_account_id,
            event: 'SENHA_RECUPERACAO_SOLICITADA',
            identifier: user.login,
            record: [],
          });
          return resetId;
        });
        if (!id) {
          request.log.warn({ userId: user.id }, 'password recovery throttled: no mail sent');
          return;
        }
        const query = new URLSearchParams({ email: user.login, token: id, hash: secret });
        const link = `${app.config.publicUrl}/auth/recover-password/new?${query}`;
        const mail = recoveryMail({
          to: user.login,
          name: user.name,
          link,
          lang,
          productName: app.config.productName,
          ttlMinutes: RESET_TTL_MINUTES,
        });
        await app.mailer.send(mail, { link });
      });

      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/bff/forget-password/update-password',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Set a new password with a recovery link; revokes every existing token',
        body: Type.Object({
          email: Email,
          token: Type.String({ maxLength: 100, description: 'The `token` of the link' }),
          hash: Type.String({ maxLength: 200, description: 'The `hash` of the link' }),
          newPassword: Type.String({ minLength: 4, maxLength: 16 }),
        }),
        response: { 200: Ok, ...errors(400) },
      },
    },
    async (request) => {
      const { token, hash, newPassword } = request.body;
      const email = request.body.email.trim().toLowerCase();

      const reset = isUuid(token) ? await findPasswordReset(app.db, token) : undefined;
      const user = reset ? await findUserById(app.db, reset.user_id) : undefined;
      const secretMatches = reset
        ? timingSafeEqual(sha256(hash), Buffer.from(reset.secret_hash, 'hex'))
        : false;
      if (!reset || !user || user.login !== email || !secretMatches)
        throw new ApiError(400, 'resetLinkInvalid');

      const passwordHash = await hashPassword(newPassword);
      const changed = await app.db.transaction().execute(async (trx) => {
        // Used or expired links fail here, atomically: two uses of one link cannot both succeed.
        if (!(await consumePasswordReset(trx, reset.id))) return false;
        await setPassword(trx, user.id, passwordHash);
        await revokeOwnKeys(trx, request, user, 'SENHA_ATUALIZADA');
        await voidOpenPasswordResets(trx, user.id);
        await clearLoginAttempts(trx, user.login);
        // The link proves who this is: the user is the responsible.
        await recordActivity(trx, {
          ...activityOf(request),
          actor: actorOf(user),
          accountId: user.default_account_id,
          event: 'SENHA_ATUALIZADA',
          identifier: user.login,
          record: [],
        });
        return true;
      });
      if (!changed) throw new ApiError(400, 'resetLinkInvalid');
      request.log.info({ userId: user.id }, 'password changed through a recovery link');
      return { ok: true as const };
    },
  );
};

export default forgetPasswordRoutes;
