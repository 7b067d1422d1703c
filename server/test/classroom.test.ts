import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer, writeFakeConsole } from './helpers.ts';
import { call } from './streams-helpers.ts';

let server: TestServer;
let owner: string;
let staticDir: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const CLASSROOM_HTML = '<!doctype html><html><body><div id="classroom">palco-classroom</div></body></html>';

beforeAll(async () => {
  // A built console with the classroom's own page beside it, as `npm run build` leaves them.
  staticDir = await mkdtemp(join(tmpdir(), 'palco-classroom-'));
  await writeFakeConsole(staticDir);
  await writeFile(join(staticDir, 'classroom.html'), CLASSROOM_HTML);
  server = await startTestServer({ staticDir });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

async function newClass(): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Aula de violão',
    descricao: 'Acordes básicos',
    scheduledStartTime: '2030-05-01T20:00:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Without any token or cookie: what a viewer's browser sends. */
const open = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'pt-BR') =>
  server.app.inject({ method, url, headers: { 'accept-language': lang }, ...(payload ? { payload } : {}) });

const register = (body: object) => open('POST', '/v1/studio/lives/participantes', body);
let registrations = 0;
/** An attendee registered (from an address of its own: registrations are rate-limited per address). */
async function chatToken(live: string, email: string, name = 'Bia Lima'): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/studio/lives/participantes',
    payload: { name, email, liveId: live },
    remoteAddress: `203.0.113.${++registrations}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ chatToken: string }>().chatToken;
}

describe('GET /bff/classroom/{liveId}', () => {
  it('never tells the team’s internal note: the classroom has a public description of its own', async () => {
    // The demo's internal note ("Câmera 2 no palco lateral.") used to be on the public page.
    const live = await newClass();
    const before = await open('GET', `/bff/classroom/${live}`);
    expect(before.json().description).toBeNull();
    expect(before.body).not.toContain('Acordes básicos');
    const set = await call(server.app, owner, 'PATCH', `/v1/live-streams/${live}?accountId=${DEMO}`, {
      classroomDescription: '  Uma aula para quem nunca tocou.  ',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      descricao: 'Acordes básicos',
      classroomDescription: 'Uma aula para quem nunca tocou.',
    });
    const after = await open('GET', `/bff/classroom/${live}`);
    expect(after.json().description).toBe('Uma aula para quem nunca tocou.');
    expect(after.body).not.toContain('Acordes básicos');
    const tooLong = await call(server.app, owner, 'PATCH', `/v1/live-streams/${live}?accountId=${DEMO}`, {
      classroomDescription: 'x'.repeat(2001),
    });
    expectError(tooLong, 400);
  });

  it('tells anyone the class title, date and description; an unknown class is 404', async () => {
    const live = await newClass();
    const res = await open('GET', `/bff/classroom/${live}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      liveId: live,
      title: 'Aula de violão',
      description: null,
      schedule_date: '2030-05-01T20:00:00.000Z',
      schedule_image: null,
      speakers: [],
    });
    expect(expectError(await open('GET', '/bff/classroom/00000000-0000-4000-8000-000000000999'), 404)).toBe(
      'Sala de aula não encontrada',
    );
    expectError(await open('GET', '/bff/classroom/nao-e-id'), 400);
  });
});

describe('POST /v1/studio/lives/participantes', () => {
  it('registers names with Portuguese accents, once per e-mail', async () => {
    const live = await newClass();
    for (const [name, email] of [
      ['José da Conceição', 'Jose@Escola.test'],
      ['Ângela Müller', 'Aluno@Escola.test'],
    ]) {
      const res = await register({ name, email, liveId: live, clientId: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().chatToken).toMatch(/^[\w-]{43}$/);
    }
    // Registering the e-mail again asks for the code mailed to it and renames nobody
    // (classroom-takeover.test.ts).
    const again = await register({ name: 'Ana Paula', email: 'aluno@escola.test', liveId: live });
    expect(again.statusCode, again.body).toBe(202);
    const rows = await server.app.db
      .selectFrom('classroom_participants')
      .select(['name', 'email'])
      .where('live_id', '=', live)
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { name: 'Ângela Müller', email: 'Aluno@Escola.test' },
      { name: 'José da Conceição', email: 'Jose@Escola.test' },
    ]);
  });

  it('refuses a name that is not letters and spaces, and a bad e-mail, with the spec’s messages', async () => {
    const live = await newClass();
    for (const name of ['João 2', '   ', 'a'.repeat(51), '<b>Ana</b>', 'Ana_Maria']) {
      const res = await register({ name, email: 'a@escola.test', liveId: live });
      expect([name, expectError(res, 400)]).toEqual([name, 'Nome inserido inválido']);
    }
    expect(expectError(await register({ name: 'Ana', email: 'ana@', liveId: live }), 400)).toBe(
      'O formato do email não é válido',
    );
    expect(expectError(await register({ name: 'Ana', email: ' ', liveId: live }), 400)).toBe(
      'O campo é obrigatório',
    );
    const unknown = await register({
      name: 'Ana',
      email: 'a@escola.test',
      liveId: '00000000-0000-4000-8000-000000000998',
    });
    expectError(unknown, 404);
  });
});

describe('the classroom chat', () => {
  const tokens = new Map<string, string>();
  const send = async (live: string, text: string, email = 'bia@escola.test') => {
    const key = `${live}/${email}`;
    if (!tokens.has(key)) tokens.set(key, await chatToken(live, email));
    return open('POST', `/v1/public/classroom/${live}/chat`, { token: tokens.get(key), text });
  };

  it('takes a message only with a registration of that class, as the name registered', async () => {
    const live = await newClass();
    const other = await newClass();
    const token = await chatToken(live, 'ana@escola.test', 'Ana Souza');
    const post = (body: object) => open('POST', `/v1/public/classroom/${live}/chat`, body);
    // Posting as anyone with a name and an e-mail, as before, is refused.
    expectError(await post({ name: 'Professor', email: 'prof@escola.test', text: 'oi' }), 400);
    const refused = 'Inscreva-se na sala de aula para participar do chat.';
    expect(expectError(await post({ token: 'x'.repeat(43), text: 'oi' }), 401)).toBe(refused);
    // Another class's registration does not open this class's chat.
    expect(
      expectError(await post({ token: await chatToken(other, 'ana@escola.test'), text: 'oi' }), 401),
    ).toBe(refused);
    const sent = await post({ token, text: 'olá' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ author: 'Ana Souza', text: 'olá' });
    // The token is not what the database keeps.
    const kept = await server.app.db.selectFrom('classroom_chat_tokens').select('token_hash').execute();
    expect(kept.map((r) => r.token_hash)).not.toContain(token);
    expect(
      expectError(
        await server.app.inject({
          method: 'POST',
          url: `/v1/public/classroom/${live}/chat`,
          headers: { 'accept-language': 'en' },
          payload: { token: 'y'.repeat(43), text: 'hi' },
        }),
        401,
      ),
    ).toBe('Register for the classroom to join the chat.');
  });

  it('stores plain, bounded text and lists it to anyone, newest last', async () => {
    const live = await newClass();
    const first = await send(live, '  <img src=x onerror=alert(1)>\u0007 oi  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ author: 'Bia Lima', text: '<img src=x onerror=alert(1)> oi' });
    expect(expectError(await send(live, 'x'.repeat(501)), 400)).toBe('O tamanho máximo é 500');
    expectError(await send(live, ' \n '), 400);
    const list = await open('GET', `/v1/public/classroom/${live}/chat`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      messages: [{ id: first.json().id, author: 'Bia Lima' }],
      last: first.json().id,
    });
  });

  it('slows down an attendee who sends too fast', async () => {
    const live = await newClass();
    for (let i = 1; i <= 5; i++) expect((await send(live, `mensagem ${i}`)).statusCode).toBe(201);
    const res = await send(live, 'mais uma', 'bia@escola.test');
    expect(expectError(res, 429)).toBe('Você está enviando mensagens rápido demais. Aguarde 10 segundos');
    // Another attendee of the same class is not held back.
    expect((await send(live, 'oi', 'caio@escola.test')).statusCode).toBe(201);
  });

  it('wakes a waiting reader when a message arrives (long poll through the event bus)', async () => {
    const live = await newClass();
    const first = (await send(live, 'primeira')).json();
    const waiting = open('GET', `/v1/public/classroom/${live}/chat?after=${first.id}&wait=true`);
    // Give the reader time to subscribe; the answer must carry the message whenever it was sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = (await send(live, 'segunda', 'caio@escola.test')).json();
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ messages: [{ id: second.id, text: 'segunda' }], last: second.id });
  });
});

describe('the classroom pages', () => {
  const page = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('are the classroom’s own page, not the console; only the chat may be framed, by its own site', async () => {
    for (const url of ['/classroom?liveId=x', '/classroom/register?liveId=x', '/classroom/chat?liveId=x']) {
      const res = await page(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, CLASSROOM_HTML]);
    }
    expect((await page('/classroom/register')).headers['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );
    const chat = await page('/classroom/chat?liveId=x');
    expect(chat.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(chat.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await page('/streaming')).body).toContain('palco-shell');
  });
});
