import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { JPEG, PNG, WEBP } from './streams-helpers.ts';
import { createContent, DEMO, makeTestVideo, multipart, postRange, waitForStatus } from './video-helpers.ts';

let server: TestServer;
let owner: string;
let blocked: string;
let work: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  blocked = await loginAs(server.app, DEMO_USERS.blocked.login);
  work = await mkdtemp(join(tmpdir(), 'palco-videos-'));
});
afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = owner) =>
  server.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const upload = (url: string, body: ReturnType<typeof multipart>, token = owner) =>
  server.app.inject({
    method: 'POST',
    url: `${url}?accountId=${DEMO}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });

/** Fetches a signed media URL (no token). */
const media = (url: string) => server.app.inject({ method: 'GET', url });

describe('GET /bff/config', () => {
  it('gives the upload host as a path on the API origin, or absolute on another one', async () => {
    const { uploadBase } = await import('../src/routes/videos/common.ts');
    const publicUrl = 'http://localhost:8080';
    expect(uploadBase({ publicUrl, uploadUrl: 'http://localhost:8080/upload' })).toBe('/upload');
    expect(uploadBase({ publicUrl, uploadUrl: 'http://localhost:8080' })).toBe('/');
    expect(uploadBase({ publicUrl, uploadUrl: 'https://up.example.com/u' })).toBe('https://up.example.com/u');
  });

  it('tells the console its upload host, without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/bff/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uploadUrl: '/upload',
      apiUrl: 'http://console.test',
      productName: 'Palco',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      ingestUrl: null, // the tests' servers have no RTMP ingest unless they ask for one
      whipUrl: null, // WHIP needs that RTMP ingest too (docs/studio.md)
      autoSubtitleLanguages: server.app.media.subtitles.languages,
    });
  });
});

describe('folders', () => {
  it('creates, lists and describes folders of the account', async () => {
    const created = await api('POST', '/v1/directories', { name: 'Aulas' });
    expect(created.statusCode, created.body).toBe(201);
    const aulas = created.json();
    expect(aulas).toMatchObject({ name: 'Aulas', parentId: null, videoCount: 0, accountId: DEMO });
    const child = (await api('POST', '/v1/directories', { name: 'Módulo 1', parentId: aulas.id })).json();
    expect(child.parentId).toBe(aulas.id);
    expectError(await api('POST', '/v1/directories', { name: 'aulas' }), 409);
    expectError(await api('POST', '/v1/directories', { name: '  ' }), 400);
    expectError(
      await api('POST', '/v1/directories', { name: 'x', parentId: '00000000-0000-4000-8000-000000000000' }),
      404,
    );

    const top = (await api('GET', '/v1/directories')).json();
    expect(top.map((d: { name: string }) => d.name)).toContain('Aulas');
    expect(top.map((d: { name: string }) => d.name)).not.toContain('Módulo 1');
    expect((await api('GET', `/v1/directories?parentId=${aulas.id}`)).json()).toHaveLength(1);
    expect((await api('GET', '/v1/directories?parentId=all')).json().length).toBeGreaterThanOrEqual(2);

    const settings = await api('GET', `/v1/directories/${child.id}/settings`);
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      id: child.id,
      path: [
        { id: aulas.id, name: 'Aulas' },
        { id: child.id, name: 'Módulo 1' },
      ],
      videoCount: 0,
      totalBytes: 0,
      uploadUrl: '/upload',
      maxThumbnailBytes: 10 * 1024 * 1024,
    });
    // Another team's folder looks missing.
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/v1/directories/${child.id}/settings`,
      headers: bearer(blocked),
    });
    expectError(foreign, 404);

    const log = await server.app.db
      .selectFrom('activity_logs')
      .select(['event'])
      .where('identifier', '=', aulas.id)
      .execute();
    expect(log.map((l) => l.event)).toEqual(['PASTA_CRIADA']);
  });

  it('searches folders by name, any case and with or without accents, wildcards taken literally', async () => {
    const top = (await api('POST', '/v1/directories', { name: 'Cursos 2026' })).json();
    const fisica = (
      await api('POST', '/v1/directories', { name: 'Aulas de Física', parentId: top.id })
    ).json();
    const deep = (await api('POST', '/v1/directories', { name: 'FÍSICA II', parentId: fisica.id })).json();
    await api('POST', '/v1/directories', { name: '100% prático' });
    await api('POST', '/v1/directories', { name: '1000 praticas' });
    const names = async (query: string) =>
      ((await api('GET', `/v1/directories?${query}`)).json() as { name: string }[]).map((d) => d.name);

    // Every folder of the account, wherever it is.
    expect(await names('parentId=all&search=fisica')).toEqual(['Aulas de Física', 'FÍSICA II']);
    expect(await names('parentId=all&search=%20F%C3%8DSICA%20')).toEqual(['Aulas de Física', 'FÍSICA II']);
    // Within one folder: its own children only; without parentId: the top level only.
    expect(await names(`parentId=${fisica.id}&search=fisica`)).toEqual(['FÍSICA II']);
    expect(await names('search=fisica')).toEqual([]);
    expect(await names('search=cursos')).toEqual(['Cursos 2026']);
    // % and _ are letters here, not LIKE's wildcards.
    expect(await names('parentId=all&search=0%25')).toEqual(['100% prático']);
    expect(await names('parentId=all&search=0_')).toEqual([]);
    expect(await names('parentId=all&search=')).toContain('Aulas de Física');
    expect(deep.parentId).toBe(fisica.id);
    expectError(await api('GET', `/v1/directories?parentId=all&search=${'a'.repeat(101)}`), 400);
  });

  it('has the demo folders seeded', async () => {
    const names = (await api('GET', '/v1/directories')).json().map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Aulas gravadas', 'Institucional']));
  });
});

describe('videos', () => {
  it('creates content, lists, searches, pages, edits and deletes', async () => {
    const folder = (await api('POST', '/v1/directories', { name: 'Lista' })).json();
    const ids: string[] = [];
    for (const title of ['Alpha um', 'Beta dois', 'Alpha três']) {
      const res = await api('POST', '/v1/contents', { title, directoryId: folder.id, accountId: DEMO });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().videoId);
    }
    const vod = await api('POST', '/v1/videos/vod', { title: 'Solto', description: 'sem pasta' });
    expect(vod.statusCode).toBe(201);
    expect(vod.json()).toMatchObject({
      title: 'Solto',
      description: 'sem pasta',
      status: 'awaiting_upload',
      directoryId: null,
      progress: 0,
      hlsUrl: null,
      upload: { offset: 0, total: null, complete: false },
    });

    const inFolder = (await api('GET', `/v1/videos?directoryId=${folder.id}`)).json();
    expect(inFolder.items.map((v: { title: string }) => v.title)).toEqual([
      'Alpha três',
      'Beta dois',
      'Alpha um',
    ]);
    expect(inFolder.pagination).toEqual({ page: 1, limit: 20, total: 3, pagesTotal: 1 });
    const search = (await api('GET', `/v1/videos?directoryId=${folder.id}&search=alpha`)).json();
    expect(search.items).toHaveLength(2);
    // Any case, with or without accents.
    const plain = (await api('GET', `/v1/videos?directoryId=${folder.id}&search=TRES`)).json();
    expect(plain.items.map((v: { title: string }) => v.title)).toEqual(['Alpha três']);
    const page2 = (await api('GET', `/v1/videos?directoryId=${folder.id}&limit=2&page=2`)).json();
    expect(page2.items.map((v: { title: string }) => v.title)).toEqual(['Alpha um']);
    expect(page2.pagination.pagesTotal).toBe(2);
    const root = (await api('GET', '/v1/videos?directoryId=root')).json();
    expect(root.items.map((v: { title: string }) => v.title)).toContain('Solto');
    expect(root.items.map((v: { title: string }) => v.title)).not.toContain('Alpha um');
    expect((await api('GET', `/v1/directories/${folder.id}`)).json().videoCount).toBe(3);

    const patched = await api('PATCH', `/v1/videos/${ids[0]}`, {
      title: 'Alpha 1',
      description: 'nova',
      directoryId: null,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Alpha 1', description: 'nova', directoryId: null });
    expectError(await api('PATCH', `/v1/videos/${ids[0]}`, { title: '' }), 400);

    expect((await api('DELETE', `/v1/videos/${ids[1]}`)).statusCode).toBe(204);
    expectError(await api('GET', `/v1/videos/${ids[1]}`), 404);
    expectError(await api('DELETE', `/v1/videos/${ids[1]}`), 404);

    const events = await server.app.db
      .selectFrom('activity_logs')
      .select(['event', 'identifier'])
      .where('identifier', 'in', ids)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      'VIDEO_CRIADO',
      'VIDEO_CRIADO',
      'VIDEO_CRIADO',
      'VIDEO_ATUALIZADO',
      'VIDEO_REMOVIDO',
    ]);
  });

  it('checks create content', async () => {
    expectError(await api('POST', '/v1/contents', { title: 'x', directoryId: null }), 400);
    const other = DEMO_ACCOUNTS.contaBloqueada.id;
    // A team that is not the caller's: 404; one that contradicts the query: 400.
    expectError(
      await server.app.inject({
        method: 'POST',
        url: '/v1/contents',
        headers: bearer(owner),
        payload: { title: 'x', directoryId: null, accountId: other },
      }),
      404,
    );
    expectError(
      await api('POST', '/v1/contents', {
        title: 'x',
        directoryId: null,
        accountId: DEMO_ACCOUNTS.eventosAoVivo.id,
      }),
      400,
    );
    expectError(
      await api('POST', '/v1/contents', {
        title: 'x',
        directoryId: '00000000-0000-4000-8000-000000000000',
        accountId: DEMO,
      }),
      404,
    );
  });

  it("hides another team's video", async () => {
    const videoId = await createContent(server.app, owner);
    for (const [method, url] of [
      ['GET', `/v1/videos/${videoId}`],
      ['PATCH', `/v1/videos/${videoId}`],
      ['DELETE', `/v1/videos/${videoId}`],
      ['GET', `/v1/analytics/vod/${videoId}/total-likes`],
      ['GET', `/v1/videos/${videoId}/subtitles/job`],
    ] as const) {
      const res = await server.app.inject({
        method,
        url,
        headers: bearer(blocked),
        ...(method === 'PATCH' ? { payload: { title: 'y' } } : {}),
      });
      expectError(res, 404);
    }
    expect((await api('GET', `/v1/analytics/vod/${videoId}/total-likes`)).json()).toEqual({
      videoId,
      totalLikes: 0,
    });
  });
});

describe('thumbnail and end screen', () => {
  it('accepts PNG, JPEG and WebP by content and serves them through signed URLs', async () => {
    const videoId = await createContent(server.app, owner);
    for (const [content, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const res = await upload(`/v1/videos/${videoId}/thumbnail`, multipart({ content, filename: 'x.bin' }));
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().thumbnailUrl as string;
      expect(url).toMatch(/^\/media\//);
      const file = await media(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      // Our own encoding of the same picture (re-encoded, metadata dropped), in the format sent.
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({
        format: type.split('/')[1],
        width: (await sharp(content).metadata()).width,
      });
    }
    const end = await upload(`/v1/videos/${videoId}/end-screen`, multipart({ content: PNG }));
    expect(end.statusCode).toBe(200);
    expect(end.json().endScreenUrl).toMatch(/\/images\/end-screen-[0-9a-f]{12}\.png$/);
  });

  it('refuses a wrong format by content (415), even named .png', async () => {
    const videoId = await createContent(server.app, owner);
    const res = await upload(
      `/v1/videos/${videoId}/thumbnail`,
      multipart({
        content: Buffer.from('GIF89a not really'),
        filename: 'foto.png',
        contentType: 'image/png',
      }),
    );
    expect(expectError(res, 415)).toBe('O formato da imagem é inválido!');
    const end = await upload(
      `/v1/videos/${videoId}/end-screen`,
      multipart({ content: Buffer.from('%PDF-1.4') }),
    );
    expectError(end, 415);
  });

  it('refuses an image over 10 MB (413)', async () => {
    const videoId = await createContent(server.app, owner);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(`/v1/videos/${videoId}/thumbnail`, multipart({ content: big }));
    expect(expectError(res, 413)).toBe('Tamanho da imagem excedeu limite de 10MB!');
    // Exactly 10 MB is fine.
    const max = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    expect((await upload(`/v1/videos/${videoId}/thumbnail`, multipart({ content: max }))).statusCode).toBe(
      200,
    );
  });

  it('refuses uploads to a blocked account (403)', async () => {
    const accountId = DEMO_ACCOUNTS.contaBloqueada.id;
    const { createVideo } = await import('../src/db/repositories/videos.ts');
    const videoId = await createVideo(server.app.db, {
      accountId,
      directoryId: null,
      title: 'antigo',
      description: '',
      createdBy: null,
    });
    const body = multipart({ content: PNG });
    const res = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/thumbnail?accountId=${accountId}`,
      headers: { ...bearer(blocked), ...body.headers },
      payload: body.payload,
    });
    expectError(res, 403);
  });
});

describe('media URLs', () => {
  it('refuses a wrong or expired signature, and unknown files', async () => {
    const videoId = await createContent(server.app, owner);
    const res = await upload(`/v1/videos/${videoId}/thumbnail`, multipart({ content: PNG }));
    const url = res.json().thumbnailUrl as string;
    const parts = url.split('/');
    const token = parts[4]!;
    const [exp, sig] = token.split('.') as [string, string];
    const tampered = [...parts];
    tampered[4] = `${exp}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expectError(await media(tampered.join('/')), 403);
    const expired = server.app.media.signer.prefix(DEMO, videoId, Math.floor(Date.now() / 1000) - 8 * 3600);
    expectError(await media(`${expired}/${parts.slice(5).join('/')}`), 403);
    // The signature of one video does not open another.
    const other = await createContent(server.app, owner);
    const swapped = [...parts];
    swapped[3] = other;
    expectError(await media(swapped.join('/')), 403);
    const prefix = parts.slice(0, 5).join('/');
    expectError(await media(`${prefix}/../../x`), 404);
    expectError(await media(`${prefix}/hls/master.m3u8`), 404);
  });
});

describe('subtitles', () => {
  const VTT =
    'WEBVTT\n\n00:00.000 --> 00:01.500\nOlá mundo\n\nintro\n00:00:02.000 --> 00:00:03.000 line:90%\nSegunda <b>linha</b>\n';
  const SRT =
    '1\r\n00:00:00,000 --> 00:00:01,500\r\nOlá\r\n\r\n2\r\n00:00:02,000 --> 00:00:04,250\r\nDuas\r\nlinhas\r\n';

  it('accepts WebVTT and SRT (converted), lists, reads cues and removes', async () => {
    const videoId = await createContent(server.app, owner);
    const vtt = await upload(
      `/v1/videos/${videoId}/subtitles/upload`,
      multipart({ content: Buffer.from(VTT), filename: 'pt.vtt' }, { language: 'pt-br' }),
    );
    expect(vtt.statusCode, vtt.body).toBe(201);
    expect(vtt.json()).toMatchObject({
      language: 'pt-BR',
      cues: [
        { inicio: 0, fim: 1.5, texto: 'Olá mundo' },
        { inicio: 2, fim: 3, texto: 'Segunda <b>linha</b>' },
      ],
    });
    const file = await media(vtt.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/vtt/);
    expect(file.body).toMatch(/^WEBVTT\n/);

    const srt = await upload(
      `/v1/videos/${videoId}/subtitles/upload`,
      multipart({ content: Buffer.from(SRT), filename: 'en.srt' }, { language: 'en' }),
    );
    expect(srt.statusCode, srt.body).toBe(201);
    expect(srt.json().cues).toEqual([
      { inicio: 0, fim: 1.5, texto: 'Olá' },
      { inicio: 2, fim: 4.25, texto: 'Duas\nlinhas' },
    ]);
    const converted = await media(srt.json().url);
    expect(converted.body).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nOlá\n\n00:00:02.000 --> 00:00:04.250\nDuas\nlinhas\n',
    );

    const video = (await api('GET', `/v1/videos/${videoId}`)).json();
    expect(video.subtitles.map((s: { language: string }) => s.language)).toEqual(['en', 'pt-BR']);
    const cues = await api('GET', `/v1/videos/${videoId}/subtitles?language=en`);
    expect(cues.json().cues).toHaveLength(2);

    expect((await api('DELETE', `/v1/videos/${videoId}/subtitle?language=en`)).statusCode).toBe(204);
    expectError(await api('DELETE', `/v1/videos/${videoId}/subtitle?language=en`), 404);
    expectError(await api('GET', `/v1/videos/${videoId}/subtitles?language=en`), 404);
    expect((await api('GET', `/v1/videos/${videoId}`)).json().subtitles).toHaveLength(1);

    const events = await server.app.db
      .selectFrom('activity_logs')
      .select('event')
      .where('identifier', '=', videoId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      'VIDEO_CRIADO',
      'LEGENDA_CRIADA',
      'LEGENDA_CRIADA',
      'LEGENDA_REMOVIDA',
    ]);
  });

  it('refuses garbage, a missing language and a bad one (400)', async () => {
    const videoId = await createContent(server.app, owner);
    for (const content of [
      randomBytes(500),
      Buffer.from('isto não é uma legenda'),
      Buffer.from('WEBVTT\n\n00:01.000 --> 00:00.500\nfim antes do início\n'),
      Buffer.from('WEBVTT\n'),
    ]) {
      const res = await upload(
        `/v1/videos/${videoId}/subtitles/upload`,
        multipart({ content }, { language: 'pt-BR' }),
      );
      expect(expectError(res, 400)).toBe('O arquivo de legenda é inválido (envie WebVTT ou SRT).');
    }
    expectError(
      await upload(`/v1/videos/${videoId}/subtitles/upload`, multipart({ content: Buffer.from(VTT) })),
      400,
    );
    expectError(
      await upload(
        `/v1/videos/${videoId}/subtitles/upload`,
        multipart({ content: Buffer.from(VTT) }, { language: 'x y' }),
      ),
      400,
    );
  });

  it('answers the automatic-subtitles state of a video (server/test/subtitles-auto.test.ts runs a job)', async () => {
    const videoId = await createContent(server.app, owner);
    const res = await api('GET', `/v1/videos/${videoId}/subtitles/job`);
    expect(res.statusCode).toBe(200);
    const languages = server.app.media.subtitles.languages;
    expect(res.json()).toEqual({ status: languages.length > 0 ? 'none' : 'unavailable', languages });
  });
});

describe('transcoding', () => {
  it('turns an upload into a playable HLS ladder with a thumbnail, with progress', async () => {
    const path = join(work, 'small.mp4');
    await makeTestVideo(path);
    const file = await readFile(path);
    const videoId = await createContent(server.app, owner, 'Vídeo real');
    const half = Math.floor(file.length / 2);
    expect((await postRange(server.app, owner, videoId, file, 0, half - 1)).statusCode).toBe(201);

    const uploading = (await api('GET', '/v1/videos/transcode/progress')).json();
    expect(uploading.find((i: { videoId: string }) => i.videoId === videoId)).toMatchObject({
      type: 'upload',
      status: 'uploading',
      title: 'Vídeo real',
      progress: Math.floor((half / file.length) * 100),
    });

    expect((await postRange(server.app, owner, videoId, file, half, file.length - 1)).statusCode).toBe(202);
    const seen = new Set<number>();
    const deadline = Date.now() + 90_000;
    let video: Record<string, unknown> = {};
    while (Date.now() < deadline) {
      const items = (await api('GET', '/v1/videos/transcode/progress')).json();
      const item = items.find((i: { videoId: string }) => i.videoId === videoId);
      if (item) {
        expect(item.type).toBe('transcode');
        seen.add(item.progress);
      }
      video = (await api('GET', `/v1/videos/${videoId}`)).json();
      if (video.status === 'ready' || video.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(video.status, String(video.error)).toBe('ready');
    expect(video.progress).toBe(100);
    expect(video.duration).toBeCloseTo(4, 0);
    expect(video.width).toBe(640);
    expect(video.height).toBe(360);
    expect((video.renditions as { name: string }[]).map((r) => r.name)).toEqual(['240p', '360p']);
    expect(video.renditions).toEqual([
      expect.objectContaining({
        name: '240p',
        height: 240,
        width: expect.any(Number),
        bandwidth: expect.any(Number),
      }),
      expect.objectContaining({ name: '360p', width: 640, height: 360 }),
    ]);
    const final = (await api('GET', '/v1/videos/transcode/progress')).json();
    expect(final.find((i: { videoId: string }) => i.videoId === videoId)).toMatchObject({
      status: 'ready',
      progress: 100,
    });

    // The master playlist, a variant playlist and a segment come through the signed URL.
    const master = await media(video.hlsUrl as string);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('#EXTM3U');
    expect(master.body).toContain('240p/index.m3u8');
    expect(master.body).toContain('360p/index.m3u8');
    const base = (video.hlsUrl as string).replace(/master\.m3u8$/, '');
    const variant = await media(`${base}360p/index.m3u8`);
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    const durations = [...variant.body.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(durations.length).toBe(2);
    for (const d of durations) expect(d).toBeCloseTo(2, 1);
    const segment = await media(`${base}360p/seg_00000.ts`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47);

    // Playable: ffprobe reads the HLS ladder back through the files on disk.
    const dir = join(server.config.dataDir, 'media', DEMO, videoId, 'hls');
    const { run } = await import('./video-helpers.ts');
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      join(dir, 'master.m3u8'),
    ]);
    expect(Number(probe.stdout.trim())).toBeCloseTo(4, 0);

    const thumb = await media(video.thumbnailUrl as string);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  }, 120_000);

  it('reports a failed transcode (garbage bytes) as failed, with a reason', async () => {
    const videoId = await createContent(server.app, owner, 'Lixo');
    const body = multipart({ content: randomBytes(50_000) });
    expect((await upload(`/v1/videos/${videoId}/source`, body)).statusCode).toBe(202);
    const video = await waitForStatus(server.app, owner, videoId, ['ready', 'failed']);
    expect(video.status).toBe('failed');
    expect(video.error).toBe('O arquivo enviado não é um vídeo válido.');
    const items = (await api('GET', '/v1/videos/transcode/progress')).json();
    expect(items.find((i: { videoId: string }) => i.videoId === videoId)).toMatchObject({
      status: 'failed',
      type: 'transcode',
      error: 'O arquivo enviado não é um vídeo válido.',
    });
  }, 60_000);
});
