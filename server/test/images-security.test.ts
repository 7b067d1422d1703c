import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { MAX_IMAGE_PIXELS } from '../src/media/images.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';
import { createContent, multipart } from './video-helpers.ts';

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const BANNER_KINDS = ['thumbnail', 'startSoonScreen', 'pauseScreen', 'endingScreen', 'studioBackground'];

let server: TestServer;
let owner: string;
/** 20,000 × 20,000 (400 megapixels) in about 5 MB of PNG: under the byte limit, far over the pixel one. */
let huge: Buffer;
/** A 4000 × 3000 phone photo carrying its GPS position and a camera name in EXIF. */
let located: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  huge = await sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: '#336699' },
    limitInputPixels: false,
  })
    .png()
    .toBuffer();
  located = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#208040' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PalcoCam', Model: 'Spy 1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function newStream(): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Imagens',
    scheduledStartTime: '2030-05-01T20:00:00Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const post = (url: string, content: Buffer, lang = 'pt-BR', type = 'image/png') => {
  const body = multipart({ content, filename: 'imagem.png', contentType: type });
  return server.app.inject({
    method: 'POST',
    url: `${url}?accountId=${DEMO}`,
    headers: { ...bearer(owner), ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
};

/** Every image route, each answering the URL of what it stored. */
async function imageRoutes() {
  const stream = await newStream();
  const video = await createContent(server.app, owner);
  const routes = BANNER_KINDS.map((kind) => ({
    name: `banner ${kind}`,
    url: `/v1/live-streams/${stream}/banners/${kind}`,
    box: { width: 1920, height: 1080 },
    stored: (res: { json(): Record<string, Record<string, string>> }) =>
      kind === 'studioBackground' ? res.json().studio!.background! : res.json().assets![kind]!,
  }));
  routes.push(
    {
      name: 'video thumbnail',
      url: `/v1/videos/${video}/thumbnail`,
      box: { width: 1280, height: 720 },
      stored: (res) => res.json().thumbnailUrl as unknown as string,
    },
    {
      name: 'video end screen',
      url: `/v1/videos/${video}/end-screen`,
      box: { width: 1920, height: 1080 },
      stored: (res) => res.json().endScreenUrl as unknown as string,
    },
  );
  return { stream, video, routes };
}

describe('images are bounded in pixels', () => {
  it('refuses a 20,000 × 20,000 PNG on every image route (413), storing nothing', async () => {
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    expect(MAX_IMAGE_PIXELS).toBeLessThan(20_000 * 20_000);
    const { stream, routes } = await imageRoutes();
    for (const route of routes) {
      const res = await post(route.url, huge);
      expect(expectError(res, 413), route.name).toBe(
        'A imagem tem 20000 × 20000 pixels; o máximo é 40 megapixels.',
      );
      expect(expectError(await post(route.url, huge, 'en'), 413)).toBe(
        'The image is 20000 × 20000 pixels; the maximum is 40 megapixels.',
      );
    }
    const dir = join(server.config.dataDir, 'media', 'streams', DEMO, stream);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  }, 60_000);

  it('serves a located photo scaled into the page size, without its EXIF', async () => {
    expect((await sharp(located).metadata()).exif).toBeDefined();
    const { routes } = await imageRoutes();
    for (const route of routes) {
      const res = await post(route.url, located, 'pt-BR', 'image/jpeg');
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(200);
      const served = await server.app.inject({ method: 'GET', url: route.stored(res) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif, route.name).toBeUndefined();
      expect(served.rawPayload.includes('PalcoCam')).toBe(false);
      // 4:3 fitted into the box: the height is the bound.
      expect(meta.height, route.name).toBe(route.box.height);
      expect(meta.width, route.name).toBe((route.box.height * 4) / 3);
    }
  }, 60_000);

  it('turns a photo upright by its EXIF orientation, and never enlarges a small image', async () => {
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const small = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#f008' } })
      .png()
      .toBuffer();
    const { routes } = await imageRoutes();
    for (const route of routes) {
      const upright = await post(route.url, sideways, 'pt-BR', 'image/jpeg');
      const a = await sharp(
        (await server.app.inject({ method: 'GET', url: route.stored(upright) })).rawPayload,
      ).metadata();
      expect([a.width, a.height, a.orientation], route.name).toEqual([300, 400, undefined]);
      const kept = await post(route.url, small);
      const b = await sharp(
        (await server.app.inject({ method: 'GET', url: route.stored(kept) })).rawPayload,
      ).metadata();
      expect([b.format, b.width, b.height, b.hasAlpha], route.name).toEqual(['png', 40, 20, true]);
    }
  }, 60_000);

  it('refuses what claims to be a PNG but does not decode (415)', async () => {
    const { routes } = await imageRoutes();
    const header = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const route of routes) {
      for (const content of [
        Buffer.from('ffconcat version 1.0\n'),
        Buffer.concat([header, Buffer.alloc(64, 7)]),
      ]) {
        expectError(await post(route.url, content), 415);
      }
    }
  });
});
