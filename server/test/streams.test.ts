import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, logsOf, userWith } from './streams-helpers.ts';

let server: TestServer;
let owner: string;
let operator: string;
let staff: string;
/** showStreaming without broadcast: may work with streams, may not see keys. */
let viewer: string;
/** showVOD only. */
let vodOnly: string;

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
  staff = await loginAs(server.app, DEMO_USERS.staff.login);
  viewer = await userWith(server.app, DEMO, 'viewer@palco.test', ['showStreaming', 'showHistory']);
  vodOnly = await userWith(server.app, DEMO, 'vod@palco.test', ['showVOD']);
});
afterAll(async () => {
  await server?.close();
});

const api = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => call(server.app, token, method, url, payload, headers);

interface StreamBody {
  id: string;
  nome: string;
  status: string;
  streamKey: string | null;
  signals: { id: string; nome: string; key: string | null; resolution: string | null }[];
  [key: string]: unknown;
}
const names = (items: StreamBody[]) => items.map((s) => s.nome);
const list = async (query: string, token = owner) => {
  const res = await api(token, 'GET', `/v1/live-streams?accountId=${DEMO}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    items: StreamBody[];
    pagination: { page: number; limit: number; total: number; pagesTotal: number };
  }>();
};
const create = async (body: Record<string, unknown>, token = owner, accountId = DEMO) => {
  const res = await api(token, 'POST', `/v1/live-streams?accountId=${accountId}`, {
    scheduledStartTime: '2030-01-10T22:00:00.000Z',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StreamBody>();
};
const control = (id: string, action: string, token = owner, accountId = DEMO) =>
  api(token, 'PUT', `/v1/live-streams/${id}/control/${action}?accountId=${accountId}`);

describe('GET /v1/live-streams (the library)', () => {
  it('lists the demo streams by date, newest first, without the finished ones', async () => {
    const body = await list('sort=date,desc&page=1&limit=10&shutdown=false');
    expect(names(body.items)).toEqual([
      'Webinar de lançamento',
      'Aula inaugural 2026',
      'Entrevista exclusiva',
      'Show ao vivo: Banda Aurora',
      'Podcast Palco #12',
    ]);
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 5, pagesTotal: 1 });
  });

  it('lists every status without shutdown, and only finished ones (history) with shutdown=true', async () => {
    expect((await list('')).pagination.total).toBe(7);
    expect(names((await list('shutdown=true')).items)).toEqual([
      'Treinamento interno',
      'Conferência anual — dia 1',
    ]);
    expect(names((await list('shutdown=true&sort=date,asc')).items)).toEqual([
      'Conferência anual — dia 1',
      'Treinamento interno',
    ]);
  });

  it('filters by status (the Live and Scheduled tabs)', async () => {
    expect(names((await list('status=live')).items)).toEqual(['Show ao vivo: Banda Aurora']);
    expect(names((await list('status=scheduled&sort=date,asc')).items)).toEqual([
      'Entrevista exclusiva',
      'Aula inaugural 2026',
      'Webinar de lançamento',
    ]);
    expect((await list('status=finished&shutdown=false')).items).toEqual([]);
  });

  it('filters by several statuses separated by commas (the Live tab: a paused live is on air too)', async () => {
    const onAir = await list('status=live,paused&shutdown=false&sort=status,asc');
    expect(names(onAir.items)).toEqual(['Show ao vivo: Banda Aurora', 'Podcast Palco #12']);
    expect(onAir.items.map((s) => s.status)).toEqual(['live', 'paused']);
    expect(onAir.pagination.total).toBe(2);
    // The total counts the same statuses, with a title too.
    expect((await list('status=live,paused&title=podcast')).pagination.total).toBe(1);
    expect((await list('status=paused,finished&shutdown=true')).pagination.total).toBe(2);
    expect((await list('status=scheduled,live,paused,finished')).pagination.total).toBe(7);
    for (const query of ['status=live,', 'status=,live', 'status=live,running', 'status=live paused']) {
      const res = await api(owner, 'GET', `/v1/live-streams?accountId=${DEMO}&${query}`);
      expectError(res, 400);
      expect(res.json().field, query).toBe('status');
    }
  });

  it('filters by a part of the title in any letter case and with or without accents, % and _ being plain characters', async () => {
    expect(names((await list('title=AULA')).items)).toEqual(['Aula inaugural 2026']);
    expect(names((await list('title=ao%20vivo')).items)).toEqual(['Show ao vivo: Banda Aurora']);
    expect(names((await list('title=confer%C3%AAncia')).items)).toEqual(['Conferência anual — dia 1']);
    // Accents do not matter either way.
    expect(names((await list('title=conferencia')).items)).toEqual(['Conferência anual — dia 1']);
    expect(names((await list('title=LAN%C3%87AMENTO')).items)).toEqual(['Webinar de lançamento']);
    expect(names((await list('title=webinar%20de%20lancamento')).items)).toEqual(['Webinar de lançamento']);
    expect((await list('title=%25')).items).toEqual([]);
    expect((await list('title=_')).items).toEqual([]);
    expect((await list('title=nada-disso')).pagination).toEqual({
      page: 1,
      limit: 10,
      total: 0,
      pagesTotal: 0,
    });
  });

  it('sorts by name and by status, both ways', async () => {
    const byName = names((await list('sort=name,asc')).items);
    expect(byName).toEqual([
      'Aula inaugural 2026',
      'Conferência anual — dia 1',
      'Entrevista exclusiva',
      'Podcast Palco #12',
      'Show ao vivo: Banda Aurora',
      'Treinamento interno',
      'Webinar de lançamento',
    ]);
    expect(names((await list('sort=name,desc')).items)).toEqual([...byName].reverse());
    expect((await list('sort=status,asc')).items.map((s) => s.status)).toEqual([
      'live',
      'paused',
      'scheduled',
      'scheduled',
      'scheduled',
      'finished',
      'finished',
    ]);
    expect((await list('sort=status,desc')).items.map((s) => s.status)[0]).toBe('finished');
  });

  it('pages', async () => {
    const first = await list('sort=name,asc&limit=3&page=1');
    const third = await list('sort=name,asc&limit=3&page=3');
    expect(names(first.items)).toEqual([
      'Aula inaugural 2026',
      'Conferência anual — dia 1',
      'Entrevista exclusiva',
    ]);
    expect(names(third.items)).toEqual(['Webinar de lançamento']);
    expect(third.pagination).toEqual({ page: 3, limit: 3, total: 7, pagesTotal: 3 });
    const past = await list('limit=3&page=4');
    expect(past.items).toEqual([]);
    expect(past.pagination).toEqual({ page: 4, limit: 3, total: 7, pagesTotal: 3 });
    const titled = await list('title=a&limit=2&page=9');
    expect(titled.items).toEqual([]);
    expect(titled.pagination.total).toBe((await list('title=a&limit=50')).items.length);
    expect((await list('title=a&limit=2&page=2')).pagination.total).toBe(titled.pagination.total);
    expect((await list('')).pagination.limit).toBe(10);
  });

  it('checks its parameters', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=abc', 'limit'],
      ['sort=date', 'sort'],
      ['sort=views,desc', 'sort'],
      ['sort=date,up', 'sort'],
      ['status=running', 'status'],
      ['shutdown=maybe', 'shutdown'],
      [`title=${'x'.repeat(121)}`, 'title'],
    ]) {
      const res = await api(owner, 'GET', `/v1/live-streams?accountId=${DEMO}&${query}`);
      expectError(res, 400);
      expect(res.json().field, query).toBe(field);
    }
    expect(expectError(await api(owner, 'GET', `/v1/live-streams?accountId=${DEMO}&limit=51`), 400)).toBe(
      'O valor maximo é 50',
    );
  });

  it("shows only the account's own streams; another team's account is 404", async () => {
    const eventos = await api(owner, 'GET', `/v1/live-streams?accountId=${EVENTOS}`);
    expect(names(eventos.json().items)).toEqual(['Festival de Verão']);
    expect(expectError(await api(operator, 'GET', `/v1/live-streams?accountId=${EVENTOS}`), 404)).toBe(
      'Conta não encontrada',
    );
    // Without accountId: the default team.
    expect((await api(operator, 'GET', '/v1/live-streams')).json().pagination.total).toBe(7);
    // Staff may look into any account.
    expect(names((await api(staff, 'GET', `/v1/live-streams?accountId=${EVENTOS}`)).json().items)).toEqual([
      'Festival de Verão',
    ]);
  });

  it('shows keys to holders of broadcast only', async () => {
    const mine = (await list('status=live')).items[0]!;
    expect(mine.streamKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mine.signals.map((s) => s.key)).toEqual([
      expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expect.any(String),
    ]);
    const seen = (await list('status=live', viewer)).items[0]!;
    expect(seen.streamKey).toBeNull();
    expect(seen.signals.every((s) => s.key === null)).toBe(true);
    expect(seen.signals.map((s) => s.nome)).toEqual(['Palco', 'Plateia']);
  });

  it('needs a streaming permission', async () => {
    expect(expectError(await api(vodOnly, 'GET', `/v1/live-streams?accountId=${DEMO}`), 403)).toBe(
      'Você não tem permissão para acessar este recurso',
    );
    expectError(
      await api(vodOnly, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
        nome: 'x',
        scheduledStartTime: '2030-01-01T00:00:00Z',
      }),
      403,
    );
    expectError(await server.app.inject({ method: 'GET', url: '/v1/live-streams' }), 401);
  });
});

describe('POST /v1/live-streams', () => {
  it('creates a stream with the built-in defaults, a first signal and unguessable keys, and logs it', async () => {
    const stream = await create({ nome: '  Aula 1  ' });
    expect(stream).toMatchObject({
      nome: 'Aula 1',
      descricao: null,
      status: 'scheduled',
      scheduledStartTime: '2030-01-10T22:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      type: 'encoder',
      latency: 'default',
      autoStart: false,
      autoCuts: false,
      transcode: { enableLive2vod: true, enableDvr: false, enableAudioOnly: false },
      security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] },
      allowed_refer: false,
      assets: {
        thumbnail: null,
        startSoonScreen: null,
        pauseScreen: null,
        endingScreen: null,
        playerColor: 'rgba(90, 50, 200, 1)',
      },
      ads: { preRollVastUrl: null, postRollVastUrl: null },
      analyticsMeasurementId: null,
      studio: { chat: true, background: null, settingsButton: true, moreOptionsButton: true },
      recording: null,
      recordingStatus: null,
      durationSeconds: null,
    });
    expect(stream._id).toBe(stream.id);
    expect(stream.streamKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stream.signals).toEqual([
      { id: expect.any(String), nome: 'Sinal 1', key: expect.any(String), resolution: null },
    ]);
    expect(stream.signals[0]!.key).not.toBe(stream.streamKey);

    const [entry, ...rest] = await logsOf(server.app, stream.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: 'TRANSMISSAO_CRIADA',
      account_id: DEMO,
      actor_email: 'owner@palco.test',
    });
    const text = JSON.stringify(entry!.record);
    expect(text).toContain('Aula 1');
    expect(text).not.toContain(stream.streamKey);
    expect(text).not.toContain(stream.signals[0]!.key);
  });

  it('stores every field, normalized', async () => {
    const stream = await create({
      nome: 'Completa',
      descricao: 'nota interna',
      type: 'studio',
      latency: 'ultraLow',
      autoStart: true,
      autoCuts: true,
      transcode: { enableLive2vod: false, enableDvr: true, enableAudioOnly: true },
      security: {
        geoAccessControl: 'block',
        geoRegionList: ['br', ' pt '],
        referrerWhitelist: ['Palco.Example', '*.cdn.example.com', 'münchen.de'],
      },
      assets: { playerColor: '#ff0080' },
      ads: { preRollVastUrl: 'https://ads.example.com/pre.xml?x=1', postRollVastUrl: '' },
      analyticsMeasurementId: 'G-ABC123',
      studio: {
        chat: false,
        settingsButton: false,
        moreOptionsButton: true,
        studioColor: 'rgb(1,2,3)',
        waitingRoomColor: '#00000080',
      },
      signals: [{ nome: 'Câmera 1', resolution: '1920X1080' }, { nome: 'Câmera 2' }],
    });
    expect(stream).toMatchObject({
      descricao: 'nota interna',
      type: 'studio',
      latency: 'ultraLow',
      autoStart: true,
      autoCuts: true,
      transcode: { enableLive2vod: false, enableDvr: true, enableAudioOnly: true },
      security: {
        geoAccessControl: 'block',
        geoRegionList: ['BR', 'PT'],
        referrerWhitelist: ['palco.example', '*.cdn.example.com', 'xn--mnchen-3ya.de'],
      },
      allowed_refer: true,
      assets: { playerColor: 'rgba(255, 0, 128, 1)' },
      ads: { preRollVastUrl: 'https://ads.example.com/pre.xml?x=1', postRollVastUrl: null },
      analyticsMeasurementId: 'G-ABC123',
      studio: {
        chat: false,
        settingsButton: false,
        moreOptionsButton: true,
        studioColor: 'rgba(1, 2, 3, 1)',
        waitingRoomColor: 'rgba(0, 0, 0, 0.5)',
      },
    });
    expect(stream.signals.map((s) => [s.nome, s.resolution])).toEqual([
      ['Câmera 1', '1920x1080'],
      ['Câmera 2', null],
    ]);
    const again = await api(owner, 'GET', `/v1/live-streams/${stream.id}?accountId=${DEMO}`);
    expect(again.json()).toEqual(stream);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { nome: undefined }, 'nome', 'O campo é obrigatório'],
    ['an empty name', { nome: '' }, 'nome', 'O campo é obrigatório'],
    ['a blank name', { nome: '   ' }, 'nome', 'O campo é obrigatório'],
    ['a long name', { nome: 'x'.repeat(121) }, 'nome', 'O tamanho máximo é 120'],
    ['a missing date', { scheduledStartTime: undefined }, 'scheduledStartTime', 'O campo é obrigatório'],
    ['a bad date', { scheduledStartTime: '10/01/2030 19:00' }, 'scheduledStartTime', 'Formato inválido'],
    ['a long description', { descricao: 'x'.repeat(2001) }, 'descricao', 'O tamanho máximo é 2000'],
    [
      'a bad domain',
      { security: { referrerWhitelist: ['ok.com', 'não é domínio'] } },
      'security.referrerWhitelist.1',
      'Domínio inválido!',
    ],
    [
      'a URL as domain',
      { security: { referrerWhitelist: ['https://ok.com/x'] } },
      'security.referrerWhitelist.0',
      'Domínio inválido!',
    ],
    [
      'a domain without TLD',
      { security: { referrerWhitelist: ['localhost'] } },
      'security.referrerWhitelist.0',
      'Domínio inválido!',
    ],
    [
      'a repeated domain',
      { security: { referrerWhitelist: ['ok.com', 'OK.com'] } },
      'security.referrerWhitelist.1',
      'Domínio já inserido',
    ],
    [
      'a bad region',
      { security: { geoRegionList: ['BR', 'XX'] } },
      'security.geoRegionList.1',
      'Região inválida: XX (use o código ISO de duas letras, como BR)',
    ],
    [
      'a repeated region',
      { security: { geoRegionList: ['BR', 'br'] } },
      'security.geoRegionList.1',
      'Região já inserida: BR',
    ],
    [
      'allow mode without regions',
      { security: { geoAccessControl: 'allow', geoRegionList: [] } },
      'security.geoRegionList',
      'Escolha ao menos uma região para liberar',
    ],
    [
      'a bad geo mode',
      { security: { geoAccessControl: 'deny' } },
      'security.geoAccessControl',
      'Requisição inválida: security.geoAccessControl',
    ],
    [
      'a bad VAST URL',
      { ads: { preRollVastUrl: 'not a url' } },
      'ads.preRollVastUrl',
      'A URL não é válida (Exemplo válido: https://exemplo.com/vast.xml)',
    ],
    [
      'a non-http VAST URL',
      { ads: { postRollVastUrl: 'ftp://ads.example.com/x.xml' } },
      'ads.postRollVastUrl',
      'A URL não é válida (Exemplo válido: https://exemplo.com/vast.xml)',
    ],
    [
      'a bad player colour',
      { assets: { playerColor: 'roxo' } },
      'assets.playerColor',
      'Cor inválida: use rgba(r, g, b, a) ou #rrggbb',
    ],
    [
      'an out-of-range colour',
      { assets: { playerColor: 'rgba(300, 0, 0, 1)' } },
      'assets.playerColor',
      'Cor inválida: use rgba(r, g, b, a) ou #rrggbb',
    ],
    [
      'a bad alpha',
      { studio: { studioColor: 'rgba(0, 0, 0, 2)' } },
      'studio.studioColor',
      'Cor inválida: use rgba(r, g, b, a) ou #rrggbb',
    ],
    ['a bad latency', { latency: 'fast' }, 'latency', 'Requisição inválida: latency'],
    ['a bad type', { type: 'webcam' }, 'type', 'Requisição inválida: type'],
    ['a non-boolean flag', { autoStart: 'yes' }, 'autoStart', 'Requisição inválida: autoStart'],
    [
      'a bad measurement id',
      { analyticsMeasurementId: 'G ABC' },
      'analyticsMeasurementId',
      'Formato inválido',
    ],
    ['a signal without name', { signals: [{ nome: '' }] }, 'signals.0.nome', 'O campo é obrigatório'],
    [
      'a bad resolution',
      { signals: [{ nome: 'A', resolution: 'full hd' }] },
      'signals.0.resolution',
      'Resolução inválida (exemplo: 1920x1080)',
    ],
    [
      'an unknown signal id',
      { signals: [{ id: '00000000-0000-4000-8000-000000000000', nome: 'A' }] },
      'signals.0.id',
      'Sinal não encontrado',
    ],
    [
      'eleven signals',
      { signals: Array.from({ length: 11 }, (_, i) => ({ nome: `S${i}` })) },
      'signals',
      'Requisição inválida: signals',
    ],
  ];
  it.each(bad)('refuses %s', async (_, body, field, message) => {
    const res = await api(owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'Válida',
      scheduledStartTime: '2030-01-10T22:00:00.000Z',
      ...body,
    });
    expect(expectError(res, 400)).toBe(message);
    expect(res.json().field).toBe(field);
  });

  it('speaks English when asked', async () => {
    const res = await api(
      owner,
      'POST',
      `/v1/live-streams?accountId=${DEMO}`,
      {
        nome: 'x',
        scheduledStartTime: '2030-01-10T22:00:00Z',
        security: { referrerWhitelist: ['a.com', 'a.com'] },
      },
      { 'accept-language': 'en-US' },
    );
    expect(expectError(res, 400)).toBe('Domain already added');
  });

  it('creates nothing when refused', async () => {
    const before = (await list('')).pagination.total;
    await api(owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'x',
      scheduledStartTime: '2030-01-10T22:00:00Z',
      ads: { preRollVastUrl: 'x' },
    });
    expect((await list('')).pagination.total).toBe(before);
  });
});

describe('GET /v1/live-streams/{id}', () => {
  it("answers a stream, and 404 for another team's, a missing or a malformed id", async () => {
    const res = await api(operator, 'GET', `/v1/live-streams/${DEMO_STREAMS.aulaInaugural.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Aula inaugural 2026',
      status: 'scheduled',
      descricao: expect.any(String),
    });
    // The festival belongs to Eventos Ao Vivo: asked for in Demo Produções it does not exist.
    expect(
      expectError(
        await api(owner, 'GET', `/v1/live-streams/${DEMO_STREAMS.festival.id}?accountId=${DEMO}`),
        404,
      ),
    ).toBe('Transmissão não encontrada');
    expect(
      (await api(owner, 'GET', `/v1/live-streams/${DEMO_STREAMS.festival.id}?accountId=${EVENTOS}`))
        .statusCode,
    ).toBe(200);
    expectError(await api(operator, 'GET', `/v1/live-streams/${DEMO_STREAMS.festival.id}`), 404);
    expectError(await api(owner, 'GET', '/v1/live-streams/00000000-0000-4000-8000-000000000000'), 404);
    expect((await api(owner, 'GET', '/v1/live-streams/123')).json().field).toBe('id');
    expect(expectError(await api(owner, 'GET', '/v1/live-streams/123'), 400)).toBe('Formato inválido');
  });

  it('reports finished streams with their duration, and no recording (no media ingest here)', async () => {
    const conf = (await api(owner, 'GET', `/v1/live-streams/${DEMO_STREAMS.conferencia.id}`)).json();
    expect(conf).toMatchObject({
      status: 'finished',
      durationSeconds: 180 * 60,
      recording: null,
      recordingStatus: 'unavailable',
    });
    const training = (await api(owner, 'GET', `/v1/live-streams/${DEMO_STREAMS.treinamento.id}`)).json();
    expect(training).toMatchObject({ durationSeconds: 52 * 60, recording: null, recordingStatus: null });
  });
});

describe('PATCH /v1/live-streams/{id}', () => {
  it('changes only the fields sent, and logs what changed', async () => {
    const stream = await create({
      nome: 'Antes',
      latency: 'default',
      security: { referrerWhitelist: ['a.com'] },
    });
    const res = await api(owner, 'PATCH', `/v1/live-streams/${stream.id}?accountId=${DEMO}`, {
      nome: 'Depois',
      latency: 'low',
      scheduledStartTime: '2030-02-01T12:00:00-03:00',
      assets: { playerColor: 'rgba(1, 2, 3, 0.4)' },
      security: { geoAccessControl: 'block', geoRegionList: ['AR'] },
      transcode: { enableDvr: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Depois',
      latency: 'low',
      scheduledStartTime: '2030-02-01T15:00:00.000Z',
      assets: { playerColor: 'rgba(1, 2, 3, 0.4)' },
      security: { geoAccessControl: 'block', geoRegionList: ['AR'], referrerWhitelist: ['a.com'] },
      transcode: { enableLive2vod: true, enableDvr: true, enableAudioOnly: false },
      streamKey: stream.streamKey,
    });
    const entries = await logsOf(server.app, stream.id);
    expect(entries.map((e) => e.event)).toEqual(['TRANSMISSAO_CRIADA', 'TRANSMISSAO_ATUALIZADA']);
    const keys = entries[1]!.record.map((r) => r.Key);
    expect(keys).toEqual(['nome', 'scheduledStartTime', 'latency', 'transcode', 'security', 'assets']);

    // Nothing different: no change, no entry.
    const same = await api(owner, 'PATCH', `/v1/live-streams/${stream.id}?accountId=${DEMO}`, {
      nome: 'Depois',
      latency: 'low',
    });
    expect(same.statusCode).toBe(200);
    expect(await logsOf(server.app, stream.id)).toHaveLength(2);
  });

  it('keeps the keys of the signals it keeps, gives new ones keys and drops the ones left out', async () => {
    const stream = await create({ signals: [{ nome: 'A' }, { nome: 'B' }], nome: 'Sinais' });
    const [a, b] = stream.signals;
    const res = await api(owner, 'PATCH', `/v1/live-streams/${stream.id}?accountId=${DEMO}`, {
      signals: [{ id: b!.id, nome: 'B renomeado', resolution: '1280x720' }, { nome: 'C' }],
    });
    const signals = res.json<StreamBody>().signals;
    expect(signals.map((s) => s.nome)).toEqual(['B renomeado', 'C']);
    expect(signals[0]).toEqual({ id: b!.id, nome: 'B renomeado', key: b!.key, resolution: '1280x720' });
    expect(signals[1]!.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signals.some((s) => s.id === a!.id)).toBe(false);
    const dup = await api(owner, 'PATCH', `/v1/live-streams/${stream.id}?accountId=${DEMO}`, {
      signals: [
        { id: b!.id, nome: 'x' },
        { id: b!.id, nome: 'y' },
      ],
    });
    expect(expectError(dup, 400)).toBe('Sinal não encontrado');
  });

  it('refuses date, player colour and latency changes after the start, with clear messages', async () => {
    const live = DEMO_STREAMS.showAoVivo.id;
    const url = `/v1/live-streams/${live}?accountId=${DEMO}`;
    const current = (await api(owner, 'GET', url)).json();
    const date = await api(owner, 'PATCH', url, { scheduledStartTime: '2030-01-01T00:00:00Z' });
    expect(expectError(date, 409)).toBe(
      'Não é possível alterar a data e a hora após o início da transmissão',
    );
    expect(date.json().field).toBe('scheduledStartTime');
    expect(expectError(await api(owner, 'PATCH', url, { assets: { playerColor: '#000000' } }), 409)).toBe(
      'Não é possível alterar a cor do player após o início da transmissão',
    );
    expect(expectError(await api(owner, 'PATCH', url, { latency: 'ultraLow' }), 409)).toBe(
      'Não é possível alterar a latência após o início da transmissão',
    );
    expect(
      expectError(await api(owner, 'PATCH', url, { latency: 'ultraLow' }, { 'accept-language': 'en' }), 409),
    ).toBe('The latency cannot be changed after the stream has started');
    // The same values (a form sent whole) and other fields are fine.
    const ok = await api(owner, 'PATCH', url, {
      scheduledStartTime: current.scheduledStartTime,
      latency: current.latency,
      assets: { playerColor: current.assets.playerColor },
      nome: 'Show ao vivo: Banda Aurora (bis)',
      type: 'studio',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      nome: 'Show ao vivo: Banda Aurora (bis)',
      type: 'studio',
      status: 'live',
    });
    const finished = `/v1/live-streams/${DEMO_STREAMS.conferencia.id}?accountId=${DEMO}`;
    expectError(await api(owner, 'PATCH', finished, { latency: 'low' }), 409);
  });

  it('refuses, after the end, what only acts on air (type, automation, transcode); the rest still changes', async () => {
    const url = `/v1/live-streams/${DEMO_STREAMS.conferencia.id}?accountId=${DEMO}`;
    const current = (await api(owner, 'GET', url)).json();
    expect(current.status).toBe('finished');
    const message = 'Não é possível alterar esta configuração após o fim da transmissão';
    const type = await api(owner, 'PATCH', url, { type: current.type === 'studio' ? 'encoder' : 'studio' });
    expect(expectError(type, 409)).toBe(message);
    expect(type.json().field).toBe('type');
    expect(expectError(await api(owner, 'PATCH', url, { autoStart: !current.autoStart }), 409)).toBe(message);
    expect(expectError(await api(owner, 'PATCH', url, { autoCuts: !current.autoCuts }), 409)).toBe(message);
    const dvr = await api(
      owner,
      'PATCH',
      url,
      { transcode: { enableDvr: !current.transcode.enableDvr } },
      { 'accept-language': 'en' },
    );
    expect(expectError(dvr, 409)).toBe('This setting cannot be changed after the stream has ended');
    expect(dvr.json().field).toBe('transcode.enableDvr');
    // Nothing changed; the same values (a form sent whole) and the name still go through.
    const ok = await api(owner, 'PATCH', url, {
      type: current.type,
      autoStart: current.autoStart,
      autoCuts: current.autoCuts,
      transcode: current.transcode,
      nome: `${current.nome} (editada)`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ type: current.type, transcode: current.transcode, status: 'finished' });
    expect((await api(owner, 'PATCH', url, { nome: current.nome })).statusCode).toBe(200);
  });

  it("answers 404 for another team's stream and 400 for bad input, changing nothing", async () => {
    expectError(
      await api(owner, 'PATCH', `/v1/live-streams/${DEMO_STREAMS.festival.id}?accountId=${DEMO}`, {
        nome: 'x',
      }),
      404,
    );
    const url = `/v1/live-streams/${DEMO_STREAMS.webinar.id}?accountId=${DEMO}`;
    expect(expectError(await api(owner, 'PATCH', url, { nome: ' ' }), 400)).toBe('O campo é obrigatório');
    expect(
      expectError(
        await api(owner, 'PATCH', url, { nome: 'ok', security: { referrerWhitelist: ['x'] } }),
        400,
      ),
    ).toBe('Domínio inválido!');
    expect((await api(owner, 'GET', url)).json().nome).toBe('Webinar de lançamento');
  });
});

describe('PUT /v1/live-streams/{id}/control/{action}', () => {
  it('runs start → pause → resume → complete, logging each step', async () => {
    const stream = await create({ nome: 'Ciclo' });
    const started = await control(stream.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'live', startedAt: expect.any(String), finishedAt: null });
    const startedAt = started.json().startedAt;
    expect((await control(stream.id, 'pause')).json().status).toBe('paused');
    const resumed = (await control(stream.id, 'resume')).json();
    expect(resumed).toMatchObject({ status: 'live', startedAt });
    const done = (await control(stream.id, 'complete')).json();
    expect(done).toMatchObject({
      status: 'finished',
      startedAt,
      recording: null,
      recordingStatus: 'unavailable',
    });
    expect(done.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(done.durationSeconds).toBe(
      Math.round((Date.parse(done.finishedAt) - Date.parse(startedAt)) / 1000),
    );
    expect((await logsOf(server.app, stream.id)).map((e) => e.event)).toEqual([
      'TRANSMISSAO_CRIADA',
      'TRANSMISSAO_INICIADA',
      'TRANSMISSAO_PAUSADA',
      'TRANSMISSAO_RETOMADA',
      'TRANSMISSAO_ENCERRADA',
    ]);
  });

  it('ends a paused stream', async () => {
    const stream = await create({ nome: 'Pausada' });
    await control(stream.id, 'start');
    await control(stream.id, 'pause');
    expect((await control(stream.id, 'complete')).json().status).toBe('finished');
  });

  it('refuses every illegal move with 409 naming the current state', async () => {
    const stream = await create({ nome: 'Ilegal' });
    const expect409 = async (action: string, message: string, lang?: string) => {
      const res = await api(
        owner,
        'PUT',
        `/v1/live-streams/${stream.id}/control/${action}?accountId=${DEMO}`,
        undefined,
        lang ? { 'accept-language': lang } : {},
      );
      expect(expectError(res, 409)).toBe(message);
    };
    await expect409('pause', 'Não é possível pausar a transmissão: ela está agendada');
    await expect409('resume', 'Não é possível retomar a transmissão: ela está agendada');
    await expect409('complete', 'Não é possível encerrar a transmissão: ela está agendada');
    await expect409('complete', 'The stream cannot be ended: it is scheduled', 'en');
    await control(stream.id, 'start');
    await expect409('start', 'Não é possível iniciar a transmissão: ela está ao vivo');
    await expect409('resume', 'Não é possível retomar a transmissão: ela está ao vivo');
    await control(stream.id, 'pause');
    await expect409('pause', 'Não é possível pausar a transmissão: ela está pausada');
    await expect409('start', 'Não é possível iniciar a transmissão: ela está pausada');
    await control(stream.id, 'complete');
    for (const action of ['start', 'pause', 'resume', 'complete'])
      await expect409(
        action,
        `Não é possível ${{ start: 'iniciar', pause: 'pausar', resume: 'retomar', complete: 'encerrar' }[action]} a transmissão: ela está encerrada`,
      );
    expect((await api(owner, 'GET', `/v1/live-streams/${stream.id}`)).json().status).toBe('finished');
  });

  it('lets only one of two simultaneous starts through', async () => {
    const stream = await create({ nome: 'Corrida' });
    const codes = (await Promise.all([control(stream.id, 'start'), control(stream.id, 'start')]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
    expect(
      (await logsOf(server.app, stream.id)).filter((e) => e.event === 'TRANSMISSAO_INICIADA'),
    ).toHaveLength(1);
  });

  it("answers 404 for another team's stream and 400 for an unknown action", async () => {
    expectError(await control(DEMO_STREAMS.festival.id, 'start'), 404);
    expectError(await control(DEMO_STREAMS.festival.id, 'start', operator, EVENTOS), 404);
    const res = await control(DEMO_STREAMS.webinar.id, 'explode');
    expectError(res, 400);
    expect(res.json().field).toBe('action');
    expect(
      (await api(owner, 'GET', `/v1/live-streams/${DEMO_STREAMS.festival.id}?accountId=${EVENTOS}`)).json()
        .status,
    ).toBe('scheduled');
  });
});

describe('DELETE /v1/live-streams/{id}', () => {
  it('deletes a scheduled or finished stream and logs it', async () => {
    const stream = await create({ nome: 'Apagar' });
    const res = await api(owner, 'DELETE', `/v1/live-streams/${stream.id}?accountId=${DEMO}`);
    expect(res.statusCode).toBe(204);
    expectError(await api(owner, 'GET', `/v1/live-streams/${stream.id}?accountId=${DEMO}`), 404);
    expect((await logsOf(server.app, stream.id)).map((e) => e.event)).toEqual([
      'TRANSMISSAO_CRIADA',
      'TRANSMISSAO_REMOVIDA',
    ]);
    expectError(await api(owner, 'DELETE', `/v1/live-streams/${stream.id}?accountId=${DEMO}`), 404);
  });

  it('refuses a live or paused stream (end it first)', async () => {
    expect(
      expectError(
        await api(owner, 'DELETE', `/v1/live-streams/${DEMO_STREAMS.showAoVivo.id}?accountId=${DEMO}`),
        409,
      ),
    ).toBe('Não é possível remover a transmissão: ela está ao vivo. Encerre-a primeiro');
    expect(
      expectError(
        await api(owner, 'DELETE', `/v1/live-streams/${DEMO_STREAMS.podcast.id}?accountId=${DEMO}`),
        409,
      ),
    ).toBe('Não é possível remover a transmissão: ela está pausada. Encerre-a primeiro');
  });

  it("answers 404 for another team's stream and leaves it alone", async () => {
    expectError(
      await api(owner, 'DELETE', `/v1/live-streams/${DEMO_STREAMS.festival.id}?accountId=${DEMO}`),
      404,
    );
    expectError(await api(operator, 'DELETE', `/v1/live-streams/${DEMO_STREAMS.festival.id}`), 404);
    expect(
      (await api(owner, 'GET', `/v1/live-streams/${DEMO_STREAMS.festival.id}?accountId=${EVENTOS}`))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /v1/live-streams/{id}/keys/regenerate', () => {
  it('gives the stream, or one signal, a new key; never logs a key', async () => {
    const stream = await create({ nome: 'Chaves', signals: [{ nome: 'A' }, { nome: 'B' }] });
    const url = `/v1/live-streams/${stream.id}/keys/regenerate?accountId=${DEMO}`;
    const fresh = (await api(operator, 'POST', url, {})).json<StreamBody>();
    expect(fresh.streamKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh.streamKey).not.toBe(stream.streamKey);
    expect(fresh.signals.map((s) => s.key)).toEqual(stream.signals.map((s) => s.key));

    const signal = stream.signals[1]!;
    const after = (await api(owner, 'POST', url, { signalId: signal.id })).json<StreamBody>();
    expect(after.streamKey).toBe(fresh.streamKey);
    expect(after.signals[0]!.key).toBe(stream.signals[0]!.key);
    expect(after.signals[1]!.key).not.toBe(signal.key);

    const entries = (await logsOf(server.app, stream.id)).filter(
      (e) => e.event === 'CHAVE_TRANSMISSAO_ATUALIZADA',
    );
    expect(entries).toHaveLength(2);
    const all = JSON.stringify(await server.app.db.selectFrom('activity_logs').select('record').execute());
    for (const key of [
      stream.streamKey!,
      fresh.streamKey!,
      after.signals[1]!.key!,
      ...stream.signals.map((s) => s.key!),
    ])
      expect(all).not.toContain(key);
  });

  it('needs broadcast, an existing signal and a stream of the account', async () => {
    const stream = await create({ nome: 'Chaves 2' });
    const url = `/v1/live-streams/${stream.id}/keys/regenerate?accountId=${DEMO}`;
    expect(expectError(await api(viewer, 'POST', url, {}), 403)).toBe(
      'Você não tem permissão para gerar chaves de transmissão',
    );
    expect(
      expectError(await api(owner, 'POST', url, { signalId: '00000000-0000-4000-8000-000000000000' }), 404),
    ).toBe('Sinal não encontrado');
    expectError(
      await api(
        owner,
        'POST',
        `/v1/live-streams/${DEMO_STREAMS.festival.id}/keys/regenerate?accountId=${DEMO}`,
        {},
      ),
      404,
    );
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets a user without broadcast work with streams, with every key hidden', async () => {
    const stream = await create({ nome: 'Sem chave' }, viewer);
    expect(stream.streamKey).toBeNull();
    expect(stream.signals[0]!.key).toBeNull();
    const got = (await api(viewer, 'GET', `/v1/live-streams/${stream.id}?accountId=${DEMO}`)).json();
    expect(got.streamKey).toBeNull();
    const started = (await control(stream.id, 'start', viewer)).json();
    expect(started).toMatchObject({ status: 'live', streamKey: null });
    expect(
      (await api(owner, 'GET', `/v1/live-streams/${stream.id}?accountId=${DEMO}`)).json().streamKey,
    ).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('GET /v1/account-users', () => {
  it("lists the team's users with their last login", async () => {
    const res = await api(owner, 'GET', `/v1/account-users?accountId=${DEMO}`);
    expect(res.statusCode, res.body).toBe(200);
    const users = res.json<{ nome: string; login: string; cargo: string; lastLoginAt: string | null }[]>();
    expect(users.map((u) => [u.login, u.cargo])).toEqual([
      ['convidada@palco.test', 'operador'],
      ['owner@palco.test', 'proprietário'],
      ['operator@palco.test', 'operador'],
      ['viewer@palco.test', 'papel-viewer@palco.test'],
      ['vod@palco.test', 'papel-vod@palco.test'],
    ]);
    expect(users[1]!.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The demo guest never signed in: the console shows 'Sem último acesso'.
    expect(users[0]!.lastLoginAt).toBeNull();
    const eventos = (await api(owner, 'GET', `/v1/account-users?accountId=${EVENTOS}`)).json();
    expect(eventos.map((u: { login: string }) => u.login)).toEqual(['owner@palco.test']);
    expectError(await api(operator, 'GET', `/v1/account-users?accountId=${EVENTOS}`), 404);
    expectError(await api(vodOnly, 'GET', `/v1/account-users?accountId=${DEMO}`), 403);
  });
});

describe('live_stream_counts (the library totals)', () => {
  it('stays right under concurrent creates, moves and deletes', async () => {
    const before = (await list('')).pagination.total;
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create({ nome: `Paralela ${i}` })),
    );
    const csv = api(owner, 'POST', `/bff/whereby/create-csv-rooms?accountId=${DEMO}`, {
      csv: 'nome,data,hora\nP1,10/03/2030,10:00\nP2,10/03/2030,11:00',
    });
    const moves = created.map((s, i) =>
      i % 3 === 0
        ? api(owner, 'DELETE', `/v1/live-streams/${s.id}?accountId=${DEMO}`)
        : control(s.id, 'start').then(() =>
            i % 3 === 1 ? control(s.id, 'complete') : control(s.id, 'pause'),
          ),
    );
    const results = await Promise.all([csv, ...moves]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 201, 204, 204, 204, 204,
    ]);
    const all = await list('limit=50');
    expect(all.pagination.total).toBe(before + 12 - 4 + 2);
    expect((await list('status=paused')).pagination.total).toBe(
      (await list('status=paused&limit=50')).items.length,
    );
  });

  it('matches the rows after every kind of change, in every account', async () => {
    const { sql } = await import('kysely');
    const counted = await sql<{ account_id: string; status: string; n: number }>`
      select account_id, status, count(*)::int as n from live_streams group by 1, 2 order by 1, 2`.execute(
      server.app.db,
    );
    const kept = await server.app.db
      .selectFrom('live_stream_counts')
      .select(['account_id', 'status', 'n'])
      .where('n', '<>', 0)
      .orderBy('account_id')
      .orderBy('status')
      .execute();
    expect(kept).toEqual(counted.rows);
    expect(counted.rows.length).toBeGreaterThanOrEqual(5);
  });
});
