import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { localizedMediaError } from '../src/lib/i18n-media.ts';
import { ALLOWED_DEMUXERS, MediaInputError, probe } from '../src/media/probe.ts';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, makeTestVideo, multipart, postRange, waitForStatus } from './video-helpers.ts';

// Team A (the victim): the owner in "Eventos ao Vivo". Team B (the attacker): the operator, a member of
// "Demo Produções" only, who cannot see team A's videos.
const TEAM_A = DEMO_ACCOUNTS.eventosAoVivo.id;
const REFUSED = /não é um vídeo/;

let server: TestServer;
let victim: string;
let attacker: string;
let work: string;
let victimVideo: string;

const paths = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

async function simpleUpload(token: string, videoId: string, content: Buffer, accountId: string = DEMO) {
  const body = multipart({ content, filename: 'video.mp4', contentType: 'video/mp4' });
  const res = await server.app.inject({
    method: 'POST',
    url: `/v1/videos/${videoId}/source?accountId=${accountId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
}

/** Every file under the attacker's video folder (renditions, thumbnail), or none. */
async function filesOf(videoId: string): Promise<string[]> {
  const dir = join(server.config.dataDir, 'media', DEMO, videoId);
  return readdir(dir, { recursive: true }).catch(() => []);
}

beforeAll(async () => {
  server = await startTestServer();
  victim = await loginAs(server.app, DEMO_USERS.owner.login);
  attacker = await loginAs(server.app, DEMO_USERS.operator.login);
  work = await mkdtemp(join(tmpdir(), 'palco-media-security-'));
  const source = join(work, 'a.mp4');
  await makeTestVideo(source, '320x240', 4);
  victimVideo = await createContent(server.app, victim, 'Segredo do time A', TEAM_A);
  await simpleUpload(victim, victimVideo, await readFile(source), TEAM_A);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await server.app.inject({
      method: 'GET',
      url: `/v1/videos/${victimVideo}?accountId=${TEAM_A}`,
      headers: bearer(victim),
    });
    if (res.json().status === 'ready') break;
    if (Date.now() > deadline) throw new Error(`team A's video is ${res.json().status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("an upload that names another team's files", () => {
  const scripts = () => {
    const uploads = join(server.config.dataDir, 'uploads');
    const segment = join(server.config.dataDir, 'media', TEAM_A, victimVideo, 'hls', '240p', 'seg_00000.ts');
    return {
      // Relative: the concat demuxer's safe mode lets it through, and all sources share one folder.
      ffconcat: `ffconcat version 1.0\nfile '${victimVideo}.source'\nduration 4\n`,
      ffconcatAbsolute: `ffconcat version 1.0\nfile '${join(uploads, `${victimVideo}.source`)}'\nduration 4\n`,
      hls: `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${segment}\n#EXT-X-ENDLIST\n`,
    };
  };

  for (const way of ['simple', 'chunked'] as const) {
    it(`ends failed with the reason, and nothing of team A in team B's video (${way} upload)`, async () => {
      for (const [name, text] of Object.entries(scripts())) {
        const videoId = await createContent(server.app, attacker, `ataque ${name}`);
        const content = Buffer.from(text);
        if (way === 'simple') await simpleUpload(attacker, videoId, content);
        else {
          const half = Math.floor(content.length / 2);
          expect((await postRange(server.app, attacker, videoId, content, 0, half - 1)).statusCode).toBe(201);
          const last = await postRange(server.app, attacker, videoId, content, half, content.length - 1);
          expect(last.statusCode, last.body).toBe(202);
        }
        const video = await waitForStatus(server.app, attacker, videoId, ['ready', 'failed']);
        expect(video.status, name).toBe('failed');
        expect(video.error, name).toMatch(REFUSED);
        expect(video.renditions).toEqual([]);
        expect(video.hlsUrl).toBeNull();
        expect(await filesOf(videoId), name).toEqual([]);
      }
    }, 120_000);
  }

  it("gives the reason in the reader's language", async () => {
    const videoId = await createContent(server.app, attacker, 'ataque em inglês');
    await simpleUpload(attacker, videoId, Buffer.from(scripts().ffconcat));
    await waitForStatus(server.app, attacker, videoId, ['ready', 'failed']);
    const res = await server.app.inject({
      method: 'GET',
      url: `/v1/videos/${videoId}?accountId=${DEMO}`,
      headers: { ...bearer(attacker), 'accept-language': 'en-US' },
    });
    expect(res.json().status).toBe('failed');
    expect(res.json().error).toMatch(/^The uploaded file is not a video in an accepted format/);
  }, 60_000);
});

describe('subtitles', () => {
  it('are only ever parsed as text: a playlist or ffconcat script sent as one is refused (400)', async () => {
    // No ffmpeg reads a subtitle: our parser accepts WebVTT/SRT cues and stores its own WebVTT.
    const videoId = await createContent(server.app, attacker, 'legendas');
    for (const text of [
      `ffconcat version 1.0\nfile '${victimVideo}.source'\n`,
      '#EXTM3U\n#EXTINF:2,\n/etc/passwd\n',
    ]) {
      const body = multipart({ content: Buffer.from(text), filename: 'legenda.vtt' }, { language: 'pt-BR' });
      const res = await server.app.inject({
        method: 'POST',
        url: `/v1/videos/${videoId}/subtitles/upload?accountId=${DEMO}`,
        headers: { ...bearer(attacker), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await filesOf(videoId)).toEqual([]);
  });
});

describe('the probe allow-list', () => {
  it('accepts a real MP4 and pins its demuxer; refuses ffconcat, HLS and text', async () => {
    const mp4 = join(work, 'real.mp4');
    await makeTestVideo(mp4, '160x120', 1);
    await expect(probe(paths, mp4)).resolves.toMatchObject({ format: 'mov', width: 160, height: 120 });
    const mkv = join(work, 'real.mkv');
    await makeTestVideo(mkv, '160x120', 1);
    await expect(probe(paths, mkv)).resolves.toMatchObject({ format: 'matroska' });

    const scripts = {
      'concat.source': "ffconcat version 1.0\nfile 'real.mp4'\nduration 1\n",
      'hls.source': `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n${mkv}\n#EXT-X-ENDLIST\n`,
      'text.source': 'just some words, not a video\n',
    };
    for (const [name, text] of Object.entries(scripts)) {
      await writeFile(join(work, name), text);
      await expect(probe(paths, join(work, name)), name).rejects.toThrow(REFUSED);
    }
    expect(ALLOWED_DEMUXERS).not.toContain('concat');
    expect(ALLOWED_DEMUXERS).not.toContain('hls');
  }, 60_000);
});

describe('the stored reason', () => {
  it('is pt-BR, shown in English to an English reader, details kept; other texts as stored', () => {
    const failed = new MediaInputError('mediaTranscodeFailed', { detail: 'Invalid data found' });
    expect(failed.message).toBe('A conversão do vídeo falhou: Invalid data found');
    expect(localizedMediaError(failed.message, 'en')).toBe('The video conversion failed: Invalid data found');
    expect(localizedMediaError(failed.message, 'pt-BR')).toBe(failed.message);
    expect(localizedMediaError(new MediaInputError('mediaNotVideo').message, 'en')).toBe(
      'The uploaded file is not a valid video.',
    );
    expect(localizedMediaError('um texto antigo', 'en')).toBe('um texto antigo');
    expect(localizedMediaError(null, 'en')).toBeNull();
  });
});
