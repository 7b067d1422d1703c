import rateLimit from '@fastify/rate-limit';
import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/auth.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { consumeInvitation, findInvitationBySecret } from '../../db/repositories/invitations.ts';
import { addMember } from '../../db/repositories/team-users.ts';
import { findUserByLogin, insertUserIfNew, recordLogin } from '../../db/repositories/users.ts';
import type { UserRow } from '../../db/tables/users.ts';
import { errors, Name, Nullable } from '../../http/schemas.ts';
import { activityOf, actorOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { sha256Hex } from './invitations.ts';

/** Requests per client address and minute to the public invitation routes (a link secret is not guessable,
 * but nobody needs more). */
export const INVITATION_LINK_RATE = { read: 30, accept: 10 };

const TokenParams = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});

const InvitationLinkAnswer = Type.Object({
  email: Type.String(),
  team: Type.String(),
  client: Type.String(),
  role: Type.String(),
  invitedBy: Nullable(Type.String()),
  existingUser: Type.Boolean({
    description: 'Accepting then needs that user’s sign-in or password',
  }),
  expiresAt: Type.String({ format: 'date-time' }),
});

// The answer equals contract/auth.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type InvitationLinkMatchesContract = Expect<
  Equal<Static<typeof InvitationLinkAnswer>, Contract.InvitationLink>
>;

/**
 * The invitee's side of an invitation: what the link opens, and its acceptance. Public (the invitee
 * may have no account yet); an existing user proves who they are with their token or password.
 */
const invitationLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });

  /** The open invitation the link names: 404 unknown (or replaced by a resend), 410 used/cancelled/expired. */
  async function openInvitation(token: string, lock = false) {
    const invitation = await findInvitationBySecret(app.db, sha256Hex(token), lock);
    if (!invitation) throw new ApiError(404, 'invitationNotFound');
    if (invitation.accepted_at || invitation.canceled_at || invitation.expired)
      throw new ApiError(410, 'invitationGone');
    return invitation;
  }

  app.get(
    '/v1/invitation-links/:token',
    {
      config: { permission: 'public', rateLimit: { max: INVITATION_LINK_RATE.read, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'What an invitation link opens: the team, who invites, the role',
        description: '404: unknown link (or one replaced by a resend); 410: used, cancelled or expired.',
        params: TokenParams,
        response: {
          200: InvitationLinkAnswer,
          ...errors(400, 404, 410, 429),
        },
      },
    },
    async (request) => {
      const invitation = await openInvitation(request.params.token);
      const user = await findUserByLogin(app.db, invitation.email);
      return {
        email: invitation.email,
        team: invitation.accountName,
        client: invitation.clientName,
        role: invitation.roleName,
        invitedBy: invitation.invitedByName,
        existingUser: user !== undefined,
        expiresAt: new Date(invitation.expires_at).toISOString(),
      };
    },
  );

  app.post(
    '/v1/invitation-links/:token/accept',
    {
      config: { permission: 'public', rateLimit: { max: INVITATION_LINK_RATE.accept, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'Accept an invitation: a new address sets name and password; a Palco user joins the team',
        description:
          'New address: `name` and `password` (4 to 16 characters) are required. Existing user: their ' +
          '`password`, or signed in as that user (Authorization; another user → 403). The link works once.',
        params: TokenParams,
        body: Type.Object({
          name: Type.Optional(Name({ minLength: 1, maxLength: 100 })),
          password: Type.Optional(Type.String({ minLength: 4, maxLength: 16 })),
        }),
        response: {
          200: Type.Object({
            email: Type.String(),
            created: Type.Boolean(),
            Token: Type.Optional(
              Type.String({
                description:
                  'A session in the invited team, when the invitee proved who they are with a password ' +
                  '(a new address, or an existing user without a second factor): they land signed in.',
              }),
            ),
          }),
          ...errors(400, 401, 403, 404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      const invitation = await openInvitation(request.params.token);
      const { password } = request.body;
      const name = request.body.name?.trim();
      const existing = await findUserByLogin(app.db, invitation.email);

      if (existing) {
        if (password) {
          if (!(await verifyPassword(existing.password_hash, password)))
            throw new ApiError(400, 'wrongCredentials', { field: 'password' });
        } else if (request.headers.authorization) {
          await app.authenticatePerson.call(app, request, reply);
          if (request.auth?.user.id !== existing.id)
            throw new ApiError(403, 'invitationOtherUser', { params: { email: invitation.email } });
        } else throw new ApiError(400, 'required', { field: 'password' });
      } else {
        if (!name) throw new ApiError(400, 'required', { field: 'name' });
        if (!password) throw new ApiError(400, 'required', { field: 'password' });
      }
      const passwordHash = existing ? null : await hashPassword(password!);

      const accepted = await app.db.transaction().execute(async (trx) => {
        // Used, cancelled or expired meanwhile: fails here, atomically (two uses cannot both succeed).
        if (!(await consumeInvitation(trx, invitation.id))) throw new ApiError(410, 'invitationGone');
        let user = existing;
        if (!user) {
          user = await insertUserIfNew(trx, {
            login: invitation.email,
            name: name!,
            passwordHash: passwordHash!,
            defaultAccountId: invitation.account_id,
          });
          // The address signed up through another invitation a moment ago: it must accept as that user.
          if (!user) throw new ApiError(410, 'invitationGone');
        }
        await addMember(trx, invitation.account_id, user.id, invitation.role_id);
        await recordActivity(trx, {
          ...activityOf(request),
          actor: actorOf(user),
          accountId: invitation.account_id,
          event: 'CONVITE_ACEITO',
          identifier: user.login,
          // One entry for the acceptance, saying whether it created the user.
          record: toRecord({
            email: user.login,
            nome: user.name,
            cargo: invitation.roleName,
            novoUsuario: !existing,
          }),
        });
        return user;
      });
      // A password just set or just checked signs the invitee in, in the team they joined: the same
      // session a login gives (a user with a second factor still goes through the login's two steps).
      const signsIn = !existing || (Boolean(password) && !(existing.totp_enabled_at && existing.totp_secret));
      if (!signsIn) return { email: invitation.email, created: !existing };
      const { ip, userAgent } = activityOf(request);
      const Token = await signInAfterAcceptance(accepted, invitation.account_id, { ip, userAgent });
      return { email: invitation.email, created: !existing, Token };
    },
  );
  /** The session of a sign-in, its team already chosen, recorded like a login in that team. */
  async function signInAfterAcceptance(
    user: UserRow,
    accountId: string,
    from: { ip: string | null; userAgent: string | null },
  ): Promise<string> {
    const token = await app.issueToken(user, accountId);
    await app.db.transaction().execute(async (trx) => {
      await recordLogin(trx, user.id);
      await recordActivity(trx, {
        accountId,
        event: 'LOGIN_REALIZADO',
        identifier: user.login,
        record: [],
        actor: actorOf(user),
        ...from,
      });
    });
    return token;
  }
};

export default invitationLinkRoutes;
