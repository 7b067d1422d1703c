import { createHash, randomBytes } from 'node:crypto';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAccountName } from '../../db/repositories/accounts.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  cancelInvitation,
  createInvitation,
  findInvitationForUpdate,
  findOpenInvitation,
  renewInvitation,
} from '../../db/repositories/invitations.ts';
import { findRoleInAccount } from '../../db/repositories/roles.ts';
import { lockTeamMembers } from '../../db/repositories/team-users.ts';
import { AccountIdQuery, bearer, errors, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { langOf } from '../../lib/i18n.ts';
import { accountOf } from '../../plugins/caller.ts';
import { assertGrantable } from '../../services/team-rules.ts';
import { invitationMail } from './invitation-mail.ts';
import { MANAGE_USERS } from './users.ts';

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const Sent = Type.Object({ id: Uuid, email: Type.String(), expiresAt: Type.String({ format: 'date-time' }) });

/** A fresh link secret: only its hash is stored; the mail carries the secret. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256Hex(secret) };
}

/** Mails the link after the answer: a slow or failing SMTP server does not fail the invitation, which
 * can be resent. */
function mailLink(app: FastifyInstance, request: FastifyRequest, to: string, team: string, secret: string) {
  const link = `${app.config.publicUrl}/auth/invite/${secret}`;
  const mail = invitationMail({
    to,
    inviter: request.auth!.user.name,
    team,
    link,
    lang: langOf(request),
    productName: app.config.productName,
    ttlDays: app.config.invitationTtlDays,
  });
  app.runInBackground('invitation mail', () => app.mailer.send(mail, { link }));
}

async function teamName(app: FastifyInstance, accountId: string): Promise<string> {
  return (await findAccountName(app.db, accountId)) ?? '';
}

const InvitationParams = Type.Object({ id: Uuid });

const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ttlDays = app.config.invitationTtlDays;

  app.post(
    '/v1/invitations',
    {
      config: { permission: MANAGE_USERS },
      schema: {
        tags: ['users'],
        summary: 'Invite an e-mail address into the team with a role (mails a single-use link)',
        description:
          'The role must be of this team and hold nothing the caller does not hold (403). Already a member ' +
          'or already invited → 409. The link expires after INVITATION_TTL_DAYS (7).',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({
          email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
          roleId: Uuid,
        }),
        response: { 201: Sent, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const email = request.body.email.trim().toLowerCase();
      const roleId = request.body.roleId.toLowerCase();
      const { secret, hash } = newSecret();
      const created = await app.db.transaction().execute(async (trx) => {
        const members = await lockTeamMembers(trx, accountId);
        const role = await findRoleInAccount(trx, accountId, roleId);
        if (!role) throw new ApiError(404, 'roleNotFound');
        assertGrantable(auth, accountId, role.permissions);
        if (members.some((m) => m.login === email)) throw new ApiError(409, 'alreadyMember');
        if (await findOpenInvitation(trx, accountId, email)) throw new ApiError(409, 'invitationPending');
        const invitation = await createInvitation(trx, {
          accountId,
          roleId,
          email,
          secretHash: hash,
          invitedBy: auth.user.id,
          ttlDays,
        });
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CONVITE_CRIADO',
          identifier: email,
          record: toRecord({ email, cargo: role.name }),
        });
        return invitation;
      });
      mailLink(app, request, email, await teamName(app, accountId), secret);
      return reply
        .code(201)
        .send({ id: created.id, email, expiresAt: new Date(created.expiresAt).toISOString() });
    },
  );

  app.post(
    '/v1/invitations/:id/resend',
    {
      config: { permission: MANAGE_USERS },
      schema: {
        tags: ['users'],
        summary: 'Mail an open invitation again with a new link (the previous link stops working)',
        security: bearer,
        params: InvitationParams,
        querystring: AccountIdQuery,
        response: { 200: Sent, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const auth = request.auth!;
      const { secret, hash } = newSecret();
      const invitation = await app.db.transaction().execute(async (trx) => {
        const found = await findInvitationForUpdate(trx, accountId, request.params.id.toLowerCase());
        if (!found || found.accepted_at || found.canceled_at) throw new ApiError(404, 'invitationNotFound');
        const role = await findRoleInAccount(trx, accountId, found.role_id);
        // Resending hands the role out again: the same rule as inviting.
        assertGrantable(auth, accountId, role?.permissions ?? []);
        const renewedUntil = await renewInvitation(trx, found.id, hash, ttlDays);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CONVITE_ATUALIZADO',
          identifier: found.email,
          record: toRecord({ email: found.email, cargo: role?.name }),
        });
        return { ...found, expires_at: renewedUntil };
      });
      mailLink(app, request, invitation.email, await teamName(app, accountId), secret);
      const until = new Date(invitation.expires_at).toISOString();
      return { id: invitation.id, email: invitation.email, expiresAt: until };
    },
  );

  app.delete(
    '/v1/invitations/:id',
    {
      config: { permission: MANAGE_USERS },
      schema: {
        tags: ['users'],
        summary: 'Cancel an open invitation (its link stops working)',
        security: bearer,
        params: InvitationParams,
        querystring: AccountIdQuery,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(request);
      await app.db.transaction().execute(async (trx) => {
        const found = await findInvitationForUpdate(trx, accountId, request.params.id.toLowerCase());
        if (!found || found.accepted_at || found.canceled_at) throw new ApiError(404, 'invitationNotFound');
        await cancelInvitation(trx, found.id);
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CONVITE_REMOVIDO',
          identifier: found.email,
          record: toRecord({ email: found.email }),
        });
      });
      return reply.code(204).send(null);
    },
  );
};

export default invitationRoutes;
