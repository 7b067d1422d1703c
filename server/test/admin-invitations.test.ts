import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ROLES, DEMO_USERS } from '../src/db/seed.ts';
import { INVITATION_LINK_RATE } from '../src/routes/admin/invitation-link.ts';
import { invitationLinks, lastInvitation, loggedEvents, mailsTo } from './admin-helpers.ts';
import { bearer, expectError, loginAs, PUBLIC_URL, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let owner: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;
const OPERADOR = DEMO_ROLES.operadorDemo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

const invite = (email: string, roleId: string = OPERADOR, accountId: string = DEMO, token = owner) =>
  server.app.inject({
    method: 'POST',
    url: `/v1/invitations?accountId=${accountId}`,
    headers: bearer(token),
    payload: { email, roleId },
  });
const link = (token: string) => server.app.inject({ method: 'GET', url: `/v1/invitation-links/${token}` });
let caller = 0;
/** Each call from an address of its own: the rate limit per address is the subject of one test only. */
const accept = (token: string, payload: object, headers: Record<string, string> = {}, from?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/v1/invitation-links/${token}/accept`,
    payload,
    headers,
    remoteAddress: from ?? `10.1.0.${++caller}`,
  });

describe('inviting a new address', () => {
  it('mails a single-use link; the invitee sets name and password, signs in and holds the role', async () => {
    const res = await invite('Nova.Pessoa@Palco.test');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();

    const token = await lastInvitation(server, 'nova.pessoa@palco.test');
    // Only a hash of the link's secret is stored.
    const row = await server.app.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.secret_hash).not.toContain(token);

    const shown = await link(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      email: 'nova.pessoa@palco.test',
      team: 'Demo Produções',
      role: 'operador',
      invitedBy: 'Olívia Dona',
      existingUser: false,
    });
    const users = await server.app.inject({
      method: 'GET',
      url: `/v1/users?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(users.json().invitations).toEqual([
      expect.objectContaining({
        id,
        email: 'nova.pessoa@palco.test',
        role: { id: OPERADOR, name: 'operador' },
      }),
    ]);

    expect(expectError(await accept(token, { password: 'segredo1' }), 400)).toBe('O campo é obrigatório');
    expect(expectError(await accept(token, { name: 'Nova', password: 'abc' }), 400)).toBe(
      'O tamanho minimo é 4',
    );
    const ok = await accept(token, { name: 'Nova Pessoa', password: 'segredo1' });
    expect(ok.statusCode, ok.body).toBe(200);
    const accepted = ok.json<{ email: string; created: boolean; Token: string }>();
    expect(accepted).toEqual({ email: 'nova.pessoa@palco.test', created: true, Token: expect.any(String) });

    // The acceptance signed the invitee in, in the team they joined (no second trip through the login).
    const landed = await server.app.inject({
      method: 'GET',
      url: '/bff/me',
      headers: bearer(accepted.Token),
    });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.json()).toMatchObject({
      user: { nome: 'Nova Pessoa', cargo: 'operador', selectedTeamId: DEMO },
      permissoes: DEMO_ROLES.operadorDemo.permissions,
    });
    const session = await loginAs(server.app, 'nova.pessoa@palco.test', 'segredo1');
    const me = await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(session) });
    expect(me.json()).toMatchObject({
      user: { nome: 'Nova Pessoa', cargo: 'operador' },
      permissoes: DEMO_ROLES.operadorDemo.permissions,
    });

    // Single use.
    expect(expectError(await accept(token, { name: 'Outra', password: 'segredo2' }), 410)).toMatch(
      /já foi usado/,
    );
    expectError(await link(token), 410);
    expect(await loggedEvents(server.app, owner, DEMO)).toEqual(
      expect.arrayContaining(['CONVITE_CRIADO', 'CONVITE_ACEITO']),
    );
  });

  it('the mail is in the inviter’s language and links to the console', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/v1/invitations?accountId=${DEMO}`,
      headers: { ...bearer(owner), 'accept-language': 'en' },
      payload: { email: 'english@palco.test', roleId: OPERADOR },
    });
    expect(res.statusCode).toBe(201);
    const token = await lastInvitation(server, 'english@palco.test');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await mailsTo(server, 'english@palco.test');
    expect(mail).toContain('Olívia Dona invited you to join the team Demo Produções on Palco.');
    expect(mail).toContain('It works once and for 7 days.');
    expect(mail).toContain(`${PUBLIC_URL}/auth/invite/${token}`);
  });

  it('resend kills the old link; cancel kills the link; an expired link is gone', async () => {
    const id = (await invite('resend@palco.test')).json<{ id: string }>().id;
    const first = await lastInvitation(server, 'resend@palco.test');
    expect(expectError(await invite('resend@palco.test'), 409)).toMatch(/^Já existe um convite pendente/);
    const resent = await server.app.inject({
      method: 'POST',
      url: `/v1/invitations/${id}/resend?accountId=${DEMO}`,
      headers: bearer(owner),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const links = await invitationLinks(server, 'resend@palco.test');
    expect(links).toHaveLength(2);
    const second = links[1]!;
    expect(expectError(await link(first), 404)).toBe('Convite não encontrado');
    expect((await link(second)).statusCode).toBe(200);

    const cancel = () =>
      server.app.inject({
        method: 'DELETE',
        url: `/v1/invitations/${id}?accountId=${DEMO}`,
        headers: bearer(owner),
      });
    expect((await cancel()).statusCode).toBe(204);
    expectError(await link(second), 410);
    expectError(await accept(second, { name: 'Tarde', password: 'segredo1' }), 410);
    expectError(await cancel(), 404);

    await invite('expired@palco.test');
    const expired = await lastInvitation(server, 'expired@palco.test');
    await server.app.db
      .updateTable('invitations')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('email', '=', 'expired@palco.test')
      .execute();
    expectError(await link(expired), 410);
    expectError(await accept(expired, { name: 'Tarde', password: 'segredo1' }), 410);
  });
});

describe('inviting someone who already uses Palco', () => {
  it('joins the team signed in as that user or with their password, not as anyone else', async () => {
    expect(expectError(await invite(DEMO_USERS.operator.login), 409)).toBe(
      'Este e-mail já pertence a um usuário da equipe',
    );
    const res = await invite(DEMO_USERS.operator.login, DEMO_ROLES.administradorEventos.id, EVENTOS);
    expect(res.statusCode, res.body).toBe(201);
    const token = await lastInvitation(server, DEMO_USERS.operator.login);
    expect((await link(token)).json()).toMatchObject({ existingUser: true, team: 'Eventos Ao Vivo' });

    expectError(await accept(token, {}), 400);
    expect(expectError(await accept(token, { password: 'errada1' }), 400)).toBe(
      'Usuário ou senha estão incorretos',
    );
    const staff = await loginAs(server.app, DEMO_USERS.staff.login);
    expect(expectError(await accept(token, {}, bearer(staff)), 403)).toBe(
      'Este convite é para operator@palco.test: entre com essa conta para aceitá-lo',
    );
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    const ok = await accept(token, {}, bearer(operator));
    // Already signed in: no second session.
    expect(ok.json()).toEqual({ email: DEMO_USERS.operator.login, created: false });
    const me = await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(operator) });
    expect(
      me.json<{ contasCargos: Array<{ conta_id: string; cargo_nome: string }> }>().contasCargos,
    ).toContainEqual(expect.objectContaining({ conta_id: EVENTOS, cargo_nome: 'administrador' }));
  });
});

describe('accepting with the password of an existing account', () => {
  /** A user of team Demo (through an accepted invitation), then invited to Eventos. */
  async function memberInvitedToEventos(email: string) {
    expect((await invite(email)).statusCode).toBe(201);
    const first = await accept(await lastInvitation(server, email), {
      name: 'Pessoa Dupla',
      password: 'segredo1',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await invite(email, DEMO_ROLES.administradorEventos.id, EVENTOS)).statusCode).toBe(201);
    return lastInvitation(server, email);
  }

  it('signs in, in the team joined', async () => {
    const token = await memberInvitedToEventos('dupla@palco.test');
    const ok = await accept(token, { password: 'segredo1' });
    expect(ok.statusCode, ok.body).toBe(200);
    const { Token } = ok.json<{ Token: string }>();
    const me = await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(Token) });
    expect(me.json()).toMatchObject({ user: { selectedTeamId: EVENTOS, cargo: 'administrador' } });
  });

  it('an account with a second factor joins, and signs in through the login', async () => {
    const token = await memberInvitedToEventos('totp@palco.test');
    await server.app.db
      .updateTable('users')
      .set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: new Date() })
      .where('login', '=', 'totp@palco.test')
      .execute();
    const joined = await accept(token, { password: 'segredo1' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ email: 'totp@palco.test', created: false });
  });
});

describe('what an invitation may not do', () => {
  it('grant a role holding permissions the inviter does not hold', async () => {
    const chefe = await server.app.db
      .insertInto('roles')
      .values({ account_id: EVENTOS, name: 'chefe', permissions: ['showUsers', 'showFinancial'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await invite('chefe@palco.test', chefe.id, EVENTOS);
    expect(expectError(res, 403)).toBe('Você não pode conceder permissões que não possui: showFinancial');
  });

  it("go into a team of another client, or carry another team's role", async () => {
    expectError(
      await invite('x@palco.test', DEMO_ROLES.desenvolvedor.id, DEMO_ACCOUNTS.palcoInterno.id),
      404,
    );
    expect(expectError(await invite('x@palco.test', DEMO_ROLES.desenvolvedor.id), 404)).toBe(
      'Cargo não encontrado',
    );
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await invite('x@palco.test', OPERADOR, DEMO, operator), 403);
  });

  it('be guessed: the public routes answer 429 past their rate', async () => {
    const bogus = 'a'.repeat(43);
    const from = '10.2.0.1';
    for (let i = 0; i < INVITATION_LINK_RATE.accept; i++)
      expect((await accept(bogus, {}, {}, from)).statusCode).toBe(404);
    const refused = await accept(bogus, {}, { 'accept-language': 'en' }, from);
    expect(expectError(refused, 429)).toMatch(/^Too many attempts\. Try again in \d+ seconds$/);
    // Another address is not affected.
    expectError(await accept(bogus, {}), 404);
  });
});
