import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProvenToken, findParticipant } from '../src/db/repositories/classroom.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { attendeeViewerId } from '../src/media/playback-session.ts';
import { hashChatToken, newChatToken } from '../src/routes/classroom/validate.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

// A classroom registration cannot be taken over (docs/classroom.md "Registering an e-mail again"):
// registering an e-mail already registered for a class needs the one-time code mailed to the address.

let server: TestServer;
let owner: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

async function newClass(): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Aula de violão',
    scheduledStartTime: '2030-05-01T20:00:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

let addresses = 0;
/** Each browser from an address of its own unless told (registrations are bounded per address). */
const register = (body: object, options: { from?: string; lang?: string } = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/v1/studio/lives/participantes',
    headers: { 'accept-language': options.lang ?? 'pt-BR' },
    payload: body,
    remoteAddress: options.from ?? `198.51.100.${++addresses}`,
  });

const chat = (live: string, token: string, text: string) =>
  server.app.inject({
    method: 'POST',
    url: `/v1/public/classroom/${live}/chat`,
    payload: { token, text },
    remoteAddress: `192.0.2.${++addresses % 250}`,
  });

const viewerIdOf = async (live: string, token: string) => {
  const res = await server.app.inject({
    method: 'GET',
    url: `/v1/public/lives/${live}/playback?attendee=${token}`,
    remoteAddress: `203.0.113.${++addresses % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ viewerId: string }>().viewerId;
};

const mailDir = () => join(server.config.dataDir, 'mail');
async function mailsTo(to: string): Promise<string[]> {
  await server.app.backgroundIdle();
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith(`-${to.toLowerCase()}.eml`)).sort();
}
/** The code of the newest mail to `to` (nodemailer writes the text quoted-printable; digits stay). */
async function codeMailedTo(to: string): Promise<string> {
  const [file] = (await mailsTo(to)).slice(-1);
  expect(file, `a code mail to ${to}`).toBeDefined();
  const raw = await readFile(join(mailDir(), file!), 'utf8');
  const code = raw.replace(/=\r?\n/g, '').match(/: (\d{6})\r?\n/)?.[1];
  expect(code, raw).toBeDefined();
  return code!;
}

describe('registering an e-mail already registered for a class', () => {
  it('without the mailed code renames nothing, hands over neither token nor viewer ID, and never makes the first token fail', async () => {
    const live = await newClass();
    const first = await register({ name: 'Bia Lima', email: 'bia@escola.test', liveId: live });
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json<{ chatToken: string }>().chatToken;
    const viewerId = await viewerIdOf(live, token);
    expect((await chat(live, token, 'oi, turma')).json()).toMatchObject({ author: 'Bia Lima' });

    // Another browser registers her e-mail (any case), again and again, from one or many addresses.
    for (let i = 0; i < 12; i++) {
      const res = await register(
        { name: 'Intruso', email: i % 2 ? 'BIA@escola.test' : 'bia@escola.test', liveId: live },
        i < 6 ? { from: '198.51.100.250' } : {},
      );
      expect(res.body).not.toContain('chatToken');
      expect([202, 429]).toContain(res.statusCode);
    }
    // Her later messages keep her name; her token still works; her player keeps its viewer ID.
    expect((await chat(live, token, 'ainda sou eu')).json()).toMatchObject({
      author: 'Bia Lima',
      text: 'ainda sou eu',
    });
    expect(await viewerIdOf(live, token)).toBe(viewerId);
    expect(await findParticipant(server.app.db, live, 'bia@escola.test')).toMatchObject({ name: 'Bia Lima' });
    const list = await server.app.inject({ method: 'GET', url: `/v1/public/classroom/${live}/chat` });
    expect(list.json<{ messages: { author: string }[] }>().messages.map((m) => m.author)).toEqual([
      'Bia Lima',
      'Bia Lima',
    ]);
    // Only three codes went to her address this hour, whoever asked.
    expect(await mailsTo('bia@escola.test')).toHaveLength(3);
  });

  it('gives no viewer ID of the e-mail to a browser that never proved it', async () => {
    // Registering an address first (someone else's, perhaps) gives the browser an ID of its own: the
    // anti-piracy mark and the support search of that e-mail are not the registrant's to wear.
    const live = await newClass();
    const res = await register({ name: 'Caio Reis', email: 'caio@escola.test', liveId: live });
    const token = res.json<{ chatToken: string }>().chatToken;
    const viewerId = await viewerIdOf(live, token);
    expect(viewerId).toMatch(/^[A-Z0-9]{8}$/);
    expect(viewerId).not.toBe(attendeeViewerId(server.app.jwtKey, live, 'caio@escola.test'));
    expect(await viewerIdOf(live, token)).toBe(viewerId);
  });

  it('with the mailed code admits the new browser under its own name and the e-mail’s viewer ID; the first browser keeps its own', async () => {
    const live = await newClass();
    const first = (await register({ name: 'Dora Melo', email: 'dora@escola.test', liveId: live })).json();
    const asked = await register({ name: 'Dora no Celular', email: 'Dora@Escola.test', liveId: live });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ codeSent: true, expiresInMinutes: 10 });
    const [mail] = await mailsTo('dora@escola.test');
    const raw = await readFile(join(mailDir(), mail!), 'utf8');
    expect(raw).toContain('Aula de viol');
    const code = await codeMailedTo('dora@escola.test');

    const joined = await register({ name: 'Dora no Celular', email: 'dora@escola.test', liveId: live, code });
    expect(joined.statusCode, joined.body).toBe(200);
    const second = joined.json<{ chatToken: string }>().chatToken;
    expect(second).not.toBe(first.chatToken);
    expect((await chat(live, second, 'do celular')).json()).toMatchObject({ author: 'Dora no Celular' });
    expect((await chat(live, first.chatToken, 'do notebook')).json()).toMatchObject({ author: 'Dora Melo' });
    // The proven browser's player carries the e-mail's ID: customer support finds it by the address.
    expect(await viewerIdOf(live, second)).toBe(
      attendeeViewerId(server.app.jwtKey, live, 'dora@escola.test'),
    );
    expect(await viewerIdOf(live, first.chatToken)).not.toBe(
      attendeeViewerId(server.app.jwtKey, live, 'dora@escola.test'),
    );
    // A code admits one browser.
    const again = await register({ name: 'Outra Pessoa', email: 'dora@escola.test', liveId: live, code });
    expect(expectError(again, 400)).toBe(
      'Este código expirou ou foi tentado vezes demais. Peça um novo código.',
    );
    // However many browsers prove the e-mail, the first browser's token is never pruned.
    const participant = (await findParticipant(server.app.db, live, 'dora@escola.test'))!;
    for (let i = 0; i < 12; i++)
      await addProvenToken(server.app.db, {
        participantId: participant.id,
        name: 'Dora Melo',
        chatTokenHash: hashChatToken(newChatToken()),
      });
    expect((await chat(live, first.chatToken, 'continuo aqui')).statusCode).toBe(201);
  });

  it('refuses a wrong or expired code, and a code tried five times, in the user’s language', async () => {
    const live = await newClass();
    await register({ name: 'Eva Dias', email: 'eva@escola.test', liveId: live });
    const ask = async () => {
      expect((await register({ name: 'Eva Dias', email: 'eva@escola.test', liveId: live })).statusCode).toBe(
        202,
      );
      return codeMailedTo('eva@escola.test');
    };
    const attempt = (code: string, lang?: string) =>
      register({ name: 'Eva Dias', email: 'eva@escola.test', liveId: live, code }, lang ? { lang } : {});
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const code = await ask();
    expect(expectError(await attempt(wrong(code)), 400)).toBe(
      'Código incorreto. Confira o e-mail e tente de novo.',
    );
    expect(expectError(await attempt('abc', 'en'), 400)).toBe('Wrong code. Check the e-mail and try again.');
    for (let i = 0; i < 3; i++) expectError(await attempt(wrong(code)), 400);
    // Five tries spent: the right code no longer opens anything.
    expect(expectError(await attempt(code, 'en'), 400)).toBe(
      'This code has expired or was tried too many times. Ask for a new code.',
    );

    // A new code replaces the old; past its ten minutes it is refused too.
    const fresh = await ask();
    await server.app.db
      .updateTable('classroom_email_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expectError(await attempt(fresh), 400);
    // The third code of the hour works; a fourth is not mailed.
    const last = await ask();
    expect((await attempt(last)).statusCode).toBe(200);
    const fourth = await register({ name: 'Eva Dias', email: 'eva@escola.test', liveId: live });
    expect(expectError(fourth, 429)).toBe('Muitos códigos pedidos. Tente de novo em uma hora.');
    expect(await mailsTo('eva@escola.test')).toHaveLength(3);
  });

  it('mails at most ten codes an hour from one address, whichever e-mails it names', async () => {
    const live = await newClass();
    const from = '198.51.100.249';
    for (let i = 0; i < 11; i++)
      expect((await register({ name: 'Aluno', email: `a${i}@escola.test`, liveId: live })).statusCode).toBe(
        200,
      );
    for (let i = 0; i < 10; i++)
      expect(
        (await register({ name: 'Outro', email: `a${i}@escola.test`, liveId: live }, { from })).statusCode,
      ).toBe(202);
    expectError(await register({ name: 'Outro', email: 'a10@escola.test', liveId: live }, { from }), 429);
    expect(await mailsTo('a10@escola.test')).toEqual([]);
  });
});
