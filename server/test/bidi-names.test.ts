import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

// docs/security.md "Bidirectional controls in names": every user-given name loses its bidi controls
// at the server, whichever route it comes through; free text (a description) is kept as sent.

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

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  call(server.app, owner, method, url, payload);

// "Aula " + RIGHT-TO-LEFT OVERRIDE + "1 mp4.exe" draws as "Aula exe.4pm 1".
const RLO = '\u202e';
const EVERY_CONTROL = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';

describe('bidirectional controls in names', () => {
  it('are stripped from a live name on create and on edit, but kept in its description', async () => {
    const created = await api('POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: `Aula ${RLO}1 mp4.exe`,
      descricao: `nota ${RLO}interna`,
      scheduledStartTime: '2030-01-10T22:00:00.000Z',
      signals: [{ nome: `Sinal ${RLO}A` }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const stream = created.json();
    expect(stream.nome).toBe('Aula 1 mp4.exe');
    expect(stream.descricao).toBe(`nota ${RLO}interna`);

    const edited = await api('PATCH', `/v1/live-streams/${stream.id}?accountId=${DEMO}`, {
      nome: `Aula${EVERY_CONTROL} 2`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = (await api('GET', `/v1/live-streams/${stream.id}?accountId=${DEMO}`)).json();
    expect(read.nome).toBe('Aula 2');
  });

  it('a name made only of controls is an empty name (400), not an invisible one', async () => {
    expectError(
      await api('POST', `/v1/live-streams?accountId=${DEMO}`, {
        nome: RLO,
        scheduledStartTime: '2030-01-10T22:00:00.000Z',
      }),
      400,
    );
  });

  it('are stripped from lives created from a CSV file', async () => {
    const res = await api('POST', `/bff/whereby/create-csv-rooms?accountId=${DEMO}`, {
      csv: `nome,data,hora\nLote ${RLO}gpj.exe,10/03/2030,19:30`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0].nome).toBe('Lote gpj.exe');
  });

  it('are stripped from a folder and an API key name', async () => {
    const folder = await api('POST', `/v1/directories?accountId=${DEMO}`, { name: `Pasta ${RLO}B` });
    expect(folder.statusCode, folder.body).toBe(201);
    expect(folder.json().name).toBe('Pasta B');

    const key = await api('POST', `/v1/api-keys?accountId=${DEMO}`, {
      name: `Chave ${RLO}C`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      permissions: ['showStreaming'],
    });
    expect(key.statusCode, key.body).toBe(201);
    expect(key.json().name).toBe('Chave C');
  });
});
