import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { checkCsv } from '../src/routes/streams/csv-check.ts';
import { parseCsv } from '../src/routes/streams/csv-records.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, logsOf } from './streams-helpers.ts';

let server: TestServer;
let owner: string;
let operator: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
});
afterAll(async () => {
  await server?.close();
});

const api = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => call(server.app, token, method, url, payload, headers);
const count = async (accountId = DEMO) =>
  (await api(owner, 'GET', `/v1/live-streams?accountId=${accountId}&limit=1`)).json().pagination
    .total as number;
const csvRooms = (csv: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  api(owner, 'POST', `/bff/whereby/create-csv-rooms?accountId=${DEMO}`, { csv, ...extra }, headers);
const rows = (n: number, row = (i: number) => `Aula ${i},10/03/2030,19:30`) =>
  ['nome,data,hora', ...Array.from({ length: n }, (_, i) => row(i + 1))].join('\n');

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF, a BOM and blank lines', () => {
    const parsed = parseCsv('\uFEFFnome,data\r\n"A, B",1\r\n\r\n"diz ""oi""\nna linha 2",2\n\nC,3');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['nome', 'data'] },
        { line: 2, fields: ['A, B', '1'] },
        { line: 4, fields: ['diz "oi"\nna linha 2', '2'] },
        { line: 7, fields: ['C', '3'] },
      ],
    });
  });

  it('takes ; as the delimiter when the header uses it, and reports an unclosed quote by line', () => {
    expect(parseCsv('nome;data\nA,1;2')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['nome', 'data'] },
        { line: 2, fields: ['A,1', '2'] },
      ],
    });
    expect(parseCsv('a,b\n1,2\n"3,4\n5,6')).toEqual({ ok: false, line: 3, problem: 'unclosed' });
  });
});

describe('POST /bff/whereby/create-csv-rooms', () => {
  it('creates 100 streams at once, in São Paulo time by default, with the general settings', async () => {
    const before = await count();
    const res = await csvRooms(rows(100));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created).toBe(100);
    expect(body.items).toHaveLength(100);
    expect(body.items[0]).toMatchObject({
      nome: 'Aula 1',
      status: 'scheduled',
      scheduledStartTime: '2030-03-10T22:30:00.000Z',
      type: 'encoder',
      latency: 'default',
      signals: [{ nome: 'Sinal 1' }],
    });
    expect(body.items[99].nome).toBe('Aula 100');
    expect(new Set(body.items.map((s: { streamKey: string }) => s.streamKey)).size).toBe(100);
    expect(await count()).toBe(before + 100);
    expect((await logsOf(server.app, body.items[42].id)).map((e) => e.event)).toEqual(['TRANSMISSAO_CRIADA']);
  });

  it('refuses 101 streams and creates none', async () => {
    const before = await count();
    const res = await csvRooms(rows(101));
    expect(expectError(res, 400)).toBe('O arquivo pode ter no máximo 100 transmissões');
    expect(await count()).toBe(before);
    expect(expectError(await csvRooms(rows(101), {}, { 'accept-language': 'en' }), 400)).toBe(
      'The file can have at most 100 streams',
    );
  });

  it('lists every bad row by its line number and creates nothing', async () => {
    const before = await count();
    const csv = [
      'nome,data,hora,descricao,tipo,latencia', // 1
      'Boa,10/03/2030,19:30,,,', // 2
      ',10/03/2030,19:30', // 3: no name
      '"Quebra', // 4: a quoted name over two lines
      'de linha",31/02/2030,19:30', // 5
      'Hora ruim,2030-03-10,25:00', // 6
      '', // 7
      'Tipo ruim,2030-03-10,10:00,,webcam,rapida', // 8
      'Colunas,10/03/2030,19:30,a,studio,low,extra', // 9
      `${'x'.repeat(121)},10/03/2030,19:30`, // 10
      'Data ruim,03/10/30,19:30', // 11
      'Tudo ruim,31/02/2030,7h', // 12: both the date and the time are bad, both are said
    ].join('\r\n');
    const res = await csvRooms(csv);
    expect(expectError(res, 400)).toBe('O arquivo tem linhas com erro; nenhuma transmissão foi criada');
    expect(res.json().errors).toEqual([
      { line: 3, message: 'nome: O campo é obrigatório' },
      { line: 4, message: 'data: Data inválida (use DD/MM/AAAA ou AAAA-MM-DD)' },
      { line: 6, message: 'hora: Hora inválida (use HH:mm ou HH:mm:ss)' },
      { line: 8, message: 'tipo: Tipo inválido (use studio ou encoder)' },
      { line: 8, message: 'latencia: Latência inválida (use default, low ou ultraLow)' },
      { line: 9, message: 'A linha tem 7 colunas, mas o cabeçalho tem 6' },
      { line: 10, message: 'nome: O tamanho máximo é 120' },
      { line: 11, message: 'data: Data inválida (use DD/MM/AAAA ou AAAA-MM-DD)' },
      { line: 12, message: 'data: Data inválida (use DD/MM/AAAA ou AAAA-MM-DD)' },
      { line: 12, message: 'hora: Hora inválida (use HH:mm ou HH:mm:ss)' },
    ]);
    expect(await count()).toBe(before);
  });

  it('reads a spreadsheet export: BOM, CRLF, quoted commas, seconds, optional columns in any order', async () => {
    const csv =
      '\uFEFFHora;Nome;Data;Latência;Tipo;Descrição\r\n' +
      '08:00:30;"Debate; rodada 1";2030-07-01;baixa;estúdio;"Mediação: Ana, Bia"\r\n' +
      '21:15;Encerramento;01/07/2030;;;\r\n';
    const res = await csvRooms(csv, { timeZone: 'Europe/Lisbon' });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json()
        .items.map((s: Record<string, unknown>) => [
          s.nome,
          s.scheduledStartTime,
          s.type,
          s.latency,
          s.descricao,
        ]),
    ).toEqual([
      ['Debate; rodada 1', '2030-07-01T07:00:30.000Z', 'studio', 'low', 'Mediação: Ana, Bia'],
      ['Encerramento', '2030-07-01T20:15:00.000Z', 'encoder', 'default', null],
    ]);
  });

  it('refuses a bad header, an empty file, an unknown time zone and a body over 1 MB', async () => {
    const header = await csvRooms('titulo,data,hora\nA,10/03/2030,10:00');
    expect(expectError(header, 400)).toBe('Cabeçalho inválido: use nome,data,hora[,descricao,tipo,latencia]');
    expect(header.json().errors).toEqual([{ line: 1, message: expect.stringContaining('Cabeçalho') }]);
    expectError(await csvRooms('nome,data\nA,10/03/2030'), 400);
    expectError(await csvRooms('nome,nome,data,hora\n'), 400);
    expect(expectError(await csvRooms('nome,data,hora\n'), 400)).toBe(
      'O arquivo não tem nenhuma transmissão',
    );
    expect(expectError(await csvRooms(''), 400)).toBe('O arquivo não tem nenhuma transmissão');
    expect(expectError(await csvRooms(rows(1), { timeZone: 'Marte/Base' }), 400)).toBe(
      'Fuso horário inválido',
    );
    expect(expectError(await csvRooms('"a,b'), 400)).toBe(
      'O arquivo tem linhas com erro; nenhuma transmissão foi criada',
    );
    expectError(await csvRooms(`nome,data,hora\n${'x'.repeat(1024 * 1024)}`), 413);
    expectError(await api(owner, 'POST', `/bff/whereby/create-csv-rooms?accountId=${DEMO}`, {}), 400);
  });

  it('checks one row with the same rules (unit)', () => {
    expect(checkCsv('nome,data,hora\nA,29/02/2032,23:59:59', 'UTC', 'pt-BR')).toMatchObject({
      ok: true,
      rows: [{ nome: 'A', scheduledStartTime: new Date('2032-02-29T23:59:59Z') }],
    });
    expect(checkCsv('nome,data,hora\nA,29/02/2031,10:00', 'UTC', 'en')).toMatchObject({
      ok: false,
      errors: [{ line: 2, message: 'data: Invalid date (use DD/MM/YYYY or YYYY-MM-DD)' }],
    });
  });

  it('uses the account of the call and its general settings', async () => {
    const preset = await api(owner, 'PUT', `/bff/lives/preset?accountId=${EVENTOS}`, { latency: 'ultraLow' });
    expect(preset.statusCode, preset.body).toBe(200);
    const before = await count(EVENTOS);
    const res = await api(owner, 'POST', `/bff/whereby/create-csv-rooms?accountId=${EVENTOS}`, {
      csv: rows(2),
    });
    expect(res.json().items.map((s: { latency: string }) => s.latency)).toEqual(['ultraLow', 'ultraLow']);
    expect(await count(EVENTOS)).toBe(before + 2);
    expectError(
      await api(operator, 'POST', `/bff/whereby/create-csv-rooms?accountId=${EVENTOS}`, { csv: rows(2) }),
      404,
    );
  });
});

describe('GET/PUT /bff/lives/preset', () => {
  it('answers the built-in defaults, then the saved settings, and new streams take them', async () => {
    const first = await api(owner, 'GET', `/bff/lives/preset?accountId=${DEMO}`);
    expect(first.json()).toEqual({
      type: 'encoder',
      latency: 'default',
      autoStart: false,
      autoCuts: false,
      transcode: { enableLive2vod: true, enableDvr: false, enableAudioOnly: false },
      security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] },
      assets: { playerColor: 'rgba(90, 50, 200, 1)' },
      ads: { preRollVastUrl: null, postRollVastUrl: null },
      analyticsMeasurementId: null,
      studio: {
        chat: true,
        settingsButton: true,
        moreOptionsButton: true,
        studioColor: 'rgba(20, 18, 31, 1)',
        waitingRoomColor: 'rgba(20, 18, 31, 1)',
      },
      updatedAt: null,
    });
    const saved = await api(owner, 'PUT', `/bff/lives/preset?accountId=${DEMO}`, {
      type: 'studio',
      latency: 'low',
      transcode: { enableDvr: true },
      security: { referrerWhitelist: ['Cliente.com.br'] },
      assets: { playerColor: '#112233' },
      studio: { chat: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      type: 'studio',
      latency: 'low',
      transcode: { enableLive2vod: true, enableDvr: true, enableAudioOnly: false },
      security: { referrerWhitelist: ['cliente.com.br'] },
      assets: { playerColor: 'rgba(17, 34, 51, 1)' },
      studio: { chat: false, settingsButton: true },
      updatedAt: expect.any(String),
    });
    expect((await api(operator, 'GET', `/bff/lives/preset?accountId=${DEMO}`)).json()).toEqual(saved.json());
    // Eventos Ao Vivo has its own.
    expect((await api(owner, 'GET', `/bff/lives/preset?accountId=${EVENTOS}`)).json().type).toBe('encoder');

    const stream = await api(owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'Com preset',
      scheduledStartTime: '2030-01-01T10:00:00Z',
      latency: 'default',
    });
    expect(stream.json()).toMatchObject({
      type: 'studio',
      latency: 'default',
      transcode: { enableDvr: true },
      security: { referrerWhitelist: ['cliente.com.br'] },
      assets: { playerColor: 'rgba(17, 34, 51, 1)' },
      studio: { chat: false },
    });

    const entries = await logsOf(server.app, DEMO);
    expect(entries.map((e) => e.event)).toEqual(['PRESET_ATUALIZADO']);
    expect(entries[0]!.record.map((r) => r.Key)).toEqual([
      'type',
      'latency',
      'transcode',
      'security',
      'studio',
      'assets',
    ]);
  });

  it('checks the settings like a stream', async () => {
    const url = `/bff/lives/preset?accountId=${DEMO}`;
    expect(
      expectError(await api(owner, 'PUT', url, { security: { referrerWhitelist: ['a..b'] } }), 400),
    ).toBe('Domínio inválido!');
    expect(
      expectError(await api(owner, 'PUT', url, { ads: { postRollVastUrl: 'javascript:alert(1)' } }), 400),
    ).toBe('A URL não é válida (Exemplo válido: https://exemplo.com/vast.xml)');
    expectError(await api(owner, 'PUT', url, { latency: 'zero' }), 400);
    expectError(await api(owner, 'PUT', url, { security: { geoAccessControl: 'allow' } }), 400);
    expect((await api(owner, 'GET', url)).json().latency).toBe('low');
  });
});

describe('POST /v1/live-streams/apply-settings', () => {
  const make = async (nome: string) =>
    (
      await api(owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
        nome,
        scheduledStartTime: '2030-01-01T10:00:00Z',
        latency: 'default',
      })
    ).json().id as string;
  const get = async (id: string, accountId = DEMO) =>
    (await api(owner, 'GET', `/v1/live-streams/${id}?accountId=${accountId}`)).json();
  const apply = (payload: unknown, accountId = DEMO) =>
    api(owner, 'POST', `/v1/live-streams/apply-settings?accountId=${accountId}`, payload);

  it('applies the settings to every selected stream and logs each change', async () => {
    const [a, b] = [await make('Lote A'), await make('Lote B')];
    const res = await apply({
      ids: [a, b],
      settings: {
        latency: 'ultraLow',
        security: { referrerWhitelist: ['x.com'] },
        ads: { preRollVastUrl: 'https://ads.x.com/v.xml' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(2);
    for (const id of [a, b])
      expect(await get(id)).toMatchObject({
        latency: 'ultraLow',
        allowed_refer: true,
        security: { referrerWhitelist: ['x.com'] },
        ads: { preRollVastUrl: 'https://ads.x.com/v.xml', postRollVastUrl: null },
      });
    const entries = await logsOf(server.app, a);
    expect(entries.map((e) => e.event)).toEqual(['TRANSMISSAO_CRIADA', 'TRANSMISSAO_ATUALIZADA']);
    expect(entries[1]!.record.map((r) => r.Key)).toEqual(['nome', 'latency', 'security', 'ads']);
  });

  it('refuses, changing nothing, a latency or colour change of a started stream, naming it', async () => {
    const a = await make('Lote C');
    const live = DEMO_STREAMS.showAoVivo.id;
    const res = await apply({
      ids: [a, live, DEMO_STREAMS.conferencia.id],
      settings: { latency: 'low', autoCuts: true },
    });
    // The finished one would also take autoCuts, which is fixed from the end.
    expect(expectError(res, 409)).toBe(
      'Não é possível alterar a latência ou a cor do player de transmissões já iniciadas, nem o tipo, a transcodificação ou a automação de transmissões encerradas; nada foi alterado',
    );
    expect(res.json().ids).toEqual([live, DEMO_STREAMS.conferencia.id]);
    expect(res.json().ended).toEqual([DEMO_STREAMS.conferencia.id]);
    const started = await apply({ ids: [a, live], settings: { latency: 'low' } });
    expect(expectError(started, 409)).toBe(
      'Não é possível alterar a latência ou a cor do player de transmissões já iniciadas; nada foi alterado',
    );
    expect(await get(a)).toMatchObject({ latency: 'default', autoCuts: false });
    // Settings that may change after the start go through.
    const ok = await apply({
      ids: [a, live],
      settings: { autoCuts: true, security: { geoAccessControl: 'block', geoRegionList: ['US'] } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(live)).autoCuts).toBe(true);
  });

  it("refuses, changing nothing, a finished stream's type, transcode or automation change, naming it", async () => {
    const a = await make('Lote F');
    const ended = DEMO_STREAMS.treinamento.id;
    const before = await get(ended);
    const fresh = await get(a);
    for (const settings of [
      { type: before.type === 'studio' ? 'encoder' : 'studio' },
      { autoStart: !before.autoStart },
      { autoCuts: !before.autoCuts },
      { transcode: { enableDvr: !before.transcode.enableDvr } },
    ]) {
      const res = await apply({ ids: [a, ended], settings });
      expect(expectError(res, 409), JSON.stringify(settings)).toBe(
        'Não é possível alterar a latência ou a cor do player de transmissões já iniciadas, nem o tipo, a transcodificação ou a automação de transmissões encerradas; nada foi alterado',
      );
      expect(res.json().ids).toEqual([ended]);
      expect(res.json().ended).toEqual([ended]);
    }
    expect(await get(ended)).toEqual(before);
    expect(await get(a)).toEqual(fresh);
    // What may still change after the end goes through, and the same values are no change.
    const ok = await apply({
      ids: [a, ended],
      settings: { type: before.type, security: { referrerWhitelist: ['fim.example'] } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(ended)).security.referrerWhitelist).toEqual(['fim.example']);
  });

  it("answers 404 when an id is another team's or missing, changing nothing", async () => {
    const a = await make('Lote D');
    for (const other of [DEMO_STREAMS.festival.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await apply({ ids: [a, other], settings: { autoStart: true } });
      expect(expectError(res, 404)).toBe('Transmissão não encontrada');
    }
    expect((await get(a)).autoStart).toBe(false);
    expect((await get(DEMO_STREAMS.festival.id, EVENTOS)).autoStart).toBe(false);
  });

  it('checks ids and settings', async () => {
    const a = await make('Lote E');
    expectError(await apply({ ids: [], settings: {} }), 400);
    expectError(await apply({ ids: ['x'], settings: {} }), 400);
    expectError(await apply({ ids: [a] }), 400);
    const bad = await apply({
      ids: [a],
      settings: { security: { referrerWhitelist: ['ok.com', 'ok.com'] } },
    });
    expect(expectError(bad, 400)).toBe('Domínio já inserido');
    expect(bad.json().field).toBe('settings.security.referrerWhitelist.1');
    expect((await apply({ ids: [a, a], settings: { autoStart: true } })).json().updated).toBe(1);
  });
});
