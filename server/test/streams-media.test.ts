import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, JPEG, logsOf, multipart, PNG, WEBP } from './streams-helpers.ts';

let server: TestServer;
let owner: string;
let operator: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const MAX = 10 * 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
});
afterAll(async () => {
  await server?.close();
});

async function newStream(nome: string): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome,
    scheduledStartTime: '2030-05-01T20:00:00Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const upload = (
  id: string,
  kind: string,
  body: ReturnType<typeof multipart>,
  token = owner,
  accountId = DEMO,
) =>
  server.app.inject({
    method: 'POST',
    url: `/v1/live-streams/${id}/banners/${kind}?accountId=${accountId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });

/** Fetched like an <img> would: no token. */
const fetchImage = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'image/*' } });

const mediaDir = (id: string) => join(server.config.dataDir, 'media', 'streams', DEMO, id);

describe('POST /v1/live-streams/{id}/banners/{kind}', () => {
  it('stores a PNG and serves it without a token at an unguessable URL', async () => {
    const id = await newStream('Com capa');
    const res = await upload(id, 'thumbnail', multipart(PNG));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().assets.thumbnail;
    expect(url).toMatch(new RegExp(`^/media/streams/${DEMO}/${id}/thumbnail-[A-Za-z0-9_-]{22}\\.png$`));
    const image = await fetchImage(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Our own encoding of it (re-encoded, metadata dropped): the same 1×1 PNG picture.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    // Anything but the exact name is 404: another version, another stream, another account.
    expectError(await fetchImage(url.replace(/thumbnail-[^.]+/, 'thumbnail-AAAAAAAAAAAAAAAAAAAAAA')), 404);
    expectError(await fetchImage(url.replace(id, DEMO_STREAMS.webinar.id)), 404);
    expectError(await fetchImage(url.replace(DEMO, DEMO_ACCOUNTS.eventosAoVivo.id)), 404);
    expectError(await fetchImage(url.replace('.png', '.jpg')), 404);
    expectError(await fetchImage(`/media/streams/${DEMO}/${id}/..%2F..%2Fjwt-secret`), 404);

    const entries = await logsOf(server.app, id);
    expect(entries.map((e) => e.event)).toEqual(['TRANSMISSAO_CRIADA', 'TRANSMISSAO_ATUALIZADA']);
    expect(entries[1]!.record).toEqual([
      { Key: 'nome', Value: 'Com capa' },
      { Key: 'thumbnail', Value: url },
    ]);
  });

  it('replaces an image: the new one is served, the old URL and file are gone', async () => {
    const id = await newStream('Troca');
    const first = (await upload(id, 'pauseScreen', multipart(PNG))).json().assets.pauseScreen;
    const res = await upload(id, 'pauseScreen', multipart(JPEG, { filename: 'x.jpeg', type: 'image/jpeg' }));
    const second: string = res.json().assets.pauseScreen;
    expect(second).toMatch(/pauseScreen-[A-Za-z0-9_-]{22}\.jpg$/);
    expect((await fetchImage(second)).headers['content-type']).toBe('image/jpeg');
    expectError(await fetchImage(first), 404);
    expect((await readdir(mediaDir(id))).sort()).toEqual([second.split('/').at(-1)]);
  });

  it('takes every kind, WebP included; studioBackground is the studio background', async () => {
    const id = await newStream('Todas');
    const webp = WEBP;
    for (const kind of ['thumbnail', 'startSoonScreen', 'pauseScreen', 'endingScreen'])
      expect((await upload(id, kind, multipart(PNG))).json().assets[kind]).toMatch(/\.png$/);
    const res = await upload(
      id,
      'studioBackground',
      multipart(webp, { filename: 'bg.webp', type: 'image/webp' }),
    );
    expect(res.json().studio.background).toMatch(/studioBackground-[A-Za-z0-9_-]{22}\.webp$/);
    expect((await fetchImage(res.json().studio.background)).headers['content-type']).toBe('image/webp');
    expectError(await upload(id, 'avatar', multipart(PNG)), 400);
  });

  it('refuses an image over 10 MB with 413, before or while reading it', async () => {
    const id = await newStream('Grande');
    const justOver = await upload(
      id,
      'thumbnail',
      multipart(Buffer.concat([PNG, Buffer.alloc(MAX + 1 - PNG.length)])),
    );
    expect(expectError(justOver, 413)).toBe('Tamanho da imagem excedeu limite de 10MB!');
    const wayOver = await upload(id, 'thumbnail', multipart(Buffer.alloc(12 * 1024 * 1024)));
    expect(expectError(wayOver, 413)).toBe('Tamanho da imagem excedeu limite de 10MB!');
    // Exactly 10 MB is fine.
    const exact = await upload(
      id,
      'thumbnail',
      multipart(Buffer.concat([PNG, Buffer.alloc(MAX - PNG.length)])),
    );
    expect(exact.statusCode, exact.body).toBe(200);
    expect((await readdir(mediaDir(id))).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('takes a studio background up to 30 MB (the general settings hint), the banners still 10 MB', async () => {
    const id = await newStream('Fundo grande');
    const BACKGROUND_MAX = 30 * 1024 * 1024;
    const padded = (size: number) => multipart(Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]));
    const twenty = await upload(id, 'studioBackground', padded(20 * 1024 * 1024));
    expect(twenty.statusCode, twenty.body).toBe(200);
    expect(twenty.json().studio.background).toMatch(/studioBackground-[A-Za-z0-9_-]{22}\.png$/);
    const exact = await upload(id, 'studioBackground', padded(BACKGROUND_MAX));
    expect(exact.statusCode, exact.body).toBe(200);
    const over = await upload(id, 'studioBackground', padded(BACKGROUND_MAX + 1));
    expect(expectError(over, 413)).toBe('Tamanho da imagem excedeu limite de 30MB!');
    const wayOver = await upload(
      id,
      'studioBackground',
      multipart(Buffer.alloc(BACKGROUND_MAX + 1024 * 1024)),
    );
    expect(expectError(wayOver, 413)).toBe('Tamanho da imagem excedeu limite de 30MB!');
    // A banner of 20 MB is still over its own limit.
    const banner = await upload(id, 'thumbnail', padded(20 * 1024 * 1024));
    expect(expectError(banner, 413)).toBe('Tamanho da imagem excedeu limite de 10MB!');
    expect((await readdir(mediaDir(id))).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('judges the content, not the name: text called .png is 415', async () => {
    const id = await newStream('Falsa');
    const res = await upload(
      id,
      'thumbnail',
      multipart(Buffer.from('isto não é uma imagem'), { filename: 'foto.png' }),
    );
    expect(expectError(res, 415)).toBe('O formato da imagem é inválido!');
    const gif = await upload(id, 'thumbnail', multipart(Buffer.from('GIF89a......'), { filename: 'a.png' }));
    expect(expectError(gif, 415)).toBe('O formato da imagem é inválido!');
    const empty = await upload(id, 'thumbnail', multipart(Buffer.alloc(0)));
    expectError(empty, 415);
    expect(
      (await call(server.app, owner, 'GET', `/v1/live-streams/${id}?accountId=${DEMO}`)).json().assets
        .thumbnail,
    ).toBeNull();
    // Nothing stored: the stream has no media folder at all (the upload was checked in a scratch folder).
    expect(await readdir(mediaDir(id)).catch(() => [])).toEqual([]);
    expect((await logsOf(server.app, id)).map((e) => e.event)).toEqual(['TRANSMISSAO_CRIADA']);
  });

  it('needs a multipart body with a file field', async () => {
    const id = await newStream('Sem arquivo');
    const wrongField = await upload(id, 'thumbnail', multipart(PNG, { field: 'imagem' }));
    expect(expectError(wrongField, 400)).toBe('O campo é obrigatório');
    expect(wrongField.json().field).toBe('file');
    const json = await call(
      server.app,
      owner,
      'POST',
      `/v1/live-streams/${id}/banners/thumbnail?accountId=${DEMO}`,
      { file: 'x' },
    );
    expectError(json, 415);
  });

  it("answers 404 for another team's stream, reading nothing", async () => {
    const festival = DEMO_STREAMS.festival.id;
    expectError(await upload(festival, 'thumbnail', multipart(PNG)), 404);
    expectError(await upload(festival, 'thumbnail', multipart(PNG), operator, DEMO), 404);
    expectError(
      await server.app.inject({
        method: 'POST',
        url: `/v1/live-streams/${festival}/banners/thumbnail`,
        ...multipart(PNG),
      }),
      401,
    );
  });
});

describe('DELETE /v1/live-streams/{id}/banners/{kind}, and deleting the stream', () => {
  it('removes the image and its file; deleting the stream removes its folder', async () => {
    const id = await newStream('Remover');
    const url = (await upload(id, 'endingScreen', multipart(PNG))).json().assets.endingScreen;
    const thumb = (await upload(id, 'thumbnail', multipart(PNG))).json().assets.thumbnail;
    const res = await call(
      server.app,
      owner,
      'DELETE',
      `/v1/live-streams/${id}/banners/endingScreen?accountId=${DEMO}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().assets.endingScreen).toBeNull();
    expect(res.json().assets.thumbnail).toBe(thumb);
    expectError(await fetchImage(url), 404);
    // Removing what is not there changes nothing.
    expect(
      (
        await call(
          server.app,
          owner,
          'DELETE',
          `/v1/live-streams/${id}/banners/endingScreen?accountId=${DEMO}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await logsOf(server.app, id)).map((e) => e.event)).toEqual([
      'TRANSMISSAO_CRIADA',
      'TRANSMISSAO_ATUALIZADA',
      'TRANSMISSAO_ATUALIZADA',
      'TRANSMISSAO_ATUALIZADA',
    ]);
    expectError(
      await call(
        server.app,
        owner,
        'DELETE',
        `/v1/live-streams/${DEMO_STREAMS.festival.id}/banners/thumbnail?accountId=${DEMO}`,
      ),
      404,
    );

    expect(
      (await call(server.app, owner, 'DELETE', `/v1/live-streams/${id}?accountId=${DEMO}`)).statusCode,
    ).toBe(204);
    expectError(await fetchImage(thumb), 404);
    await expect(readdir(mediaDir(id))).rejects.toThrow();
  });
});
