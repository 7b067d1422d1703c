import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed.ts';
import { parsePocketsphinx, whisperCues, wordsToCues } from '../src/media/speech.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, postRange, run, waitForStatus } from './video-helpers.ts';

// Automatic subtitles (docs/api-videos.md "Automatic subtitles"): a clip spoken by
// espeak-ng is uploaded and transcoded for real, the job runs the local engine (Debian pocketsphinx,
// US English), and the stored WebVTT track holds the spoken words.

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palco-subtitles-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** An mp4 of a still picture and `text` spoken by espeak-ng (about 3 s). */
async function spokenClip(path: string, text: string): Promise<void> {
  const wav = `${path}.wav`;
  await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, text]);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=navy:s=320x240:r=25'],
    ...['-i', wav, '-shortest'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k'],
    path,
  ]);
}

/** A silent clip: video only. */
async function silentClip(path: string): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=gray:s=320x240:r=25', '-t', '2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    path,
  ]);
}

async function readyVideo(server: TestServer, token: string, path: string, title: string): Promise<string> {
  const file = await readFile(path);
  const videoId = await createContent(server.app, token, title);
  expect((await postRange(server.app, token, videoId, file, 0, file.length - 1)).statusCode).toBe(202);
  await waitForStatus(server.app, token, videoId, ['ready'], 120_000);
  return videoId;
}

describe('automatic subtitles with an engine', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  const api = (method: 'GET' | 'POST', url: string, payload?: object, token = owner) =>
    server.app.inject({
      method,
      url: `${url}?accountId=${DEMO}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    // The engine the project installs everywhere (.ci/run): pocketsphinx with its US English model.
    server = await startTestServer({
      subtitles: { ...(await import('../src/config.ts')).loadConfig({}).subtitles, engine: 'pocketsphinx' },
    });
    owner = await loginAs(server.app, DEMO_USERS.owner.login);
    other = await loginAs(server.app, DEMO_USERS.blocked.login);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells the console which languages it can transcribe', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/bff/config' });
    expect(res.json().autoSubtitleLanguages).toEqual(['en']);
  });

  it('turns the spoken words of a clip into a WebVTT track, with progress in the processing list', async () => {
    const path = join(work, 'spoken.mp4');
    await spokenClip(path, 'hello world. this is a test.');
    const videoId = await readyVideo(server, owner, path, 'Clipe falado');

    expect((await api('GET', `/v1/videos/${videoId}/subtitles/job`)).json()).toEqual({
      status: 'none',
      languages: ['en'],
    });
    const started = await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'en' });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued', language: 'en', progress: 0 });
    // One job at a time per video.
    expect(
      expectError(await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'en' }), 409),
    ).toBe('Já há legendas automáticas sendo geradas para este vídeo.');
    const listed = (await api('GET', '/v1/videos/transcode/progress')).json();
    expect(listed.find((i: { type: string }) => i.type === 'subtitles')).toMatchObject({
      videoId,
      title: 'Clipe falado',
      language: 'en',
      status: 'processing',
    });

    let job: Record<string, unknown> = {};
    for (let i = 0; i < 240; i++) {
      job = (await api('GET', `/v1/videos/${videoId}/subtitles/job`)).json();
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job).toMatchObject({ status: 'done', progress: 100, engine: 'pocketsphinx', error: null });

    // The track is stored like an uploaded one: listed with the video, its cues readable, removable.
    const video = (await api('GET', `/v1/videos/${videoId}`)).json();
    expect(video.subtitles.map((s: { language: string }) => s.language)).toEqual(['en']);
    const track = (
      await server.app.inject({
        method: 'GET',
        url: `/v1/videos/${videoId}/subtitles?language=en&accountId=${DEMO}`,
        headers: bearer(owner),
      })
    ).json();
    const text = track.cues.map((c: { texto: string }) => c.texto).join(' ');
    expect(text).toContain('hello world');
    expect(text).toContain('test');
    expect(track.cues[0].inicio).toBeLessThan(1);
    const vtt = await server.app.inject({ method: 'GET', url: new URL(track.url, 'http://x').pathname });
    expect(vtt.body).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> 00:00:0\d\.\d{3}\nhello world/);

    const done = (await api('GET', '/v1/videos/transcode/progress')).json();
    expect(done.find((i: { type: string }) => i.type === 'subtitles')).toMatchObject({
      videoId,
      status: 'ready',
      progress: 100,
    });
    const logs = (await api('GET', '/v1/logs')).json();
    const events = logs.items
      .filter((l: { identifier: string }) => l.identifier === videoId)
      .map((l: { event: string }) => l.event);
    expect(events).toEqual(expect.arrayContaining(['LEGENDAS_AUTOMATICAS_SOLICITADAS', 'LEGENDA_CRIADA']));

    // Another team sees nothing of it.
    expectError(await api('GET', `/v1/videos/${videoId}/subtitles/job`, undefined, other), 404);
    expectError(await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'en' }, other), 404);
  });

  it('refuses what it cannot do with a clear 4xx', async () => {
    const videoId = await createContent(server.app, owner, 'Ainda sem arquivo');
    // Portuguese needs a whisper model (SUBTITLES_WHISPER_MODEL): not installed here.
    expect(
      expectError(await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'pt-BR' }), 400),
    ).toBe('Legendas automáticas não estão disponíveis neste idioma. Idiomas disponíveis: en.');
    expectError(await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'not a tag' }), 400);
    expectError(await api('POST', `/v1/videos/${videoId}/subtitles/job`, {}), 400);
    expect(
      expectError(await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'en' }), 409),
    ).toBe('O vídeo precisa estar pronto (processado) para gerar legendas automáticas.');
  });

  it('ends a video without audio in a failed state that says why', async () => {
    const path = join(work, 'silent.mp4');
    await silentClip(path);
    const videoId = await readyVideo(server, owner, path, 'Sem áudio');
    expect((await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'en' })).statusCode).toBe(
      202,
    );
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 120; i++) {
      job = (await api('GET', `/v1/videos/${videoId}/subtitles/job`)).json();
      if (job.status === 'failed' || job.status === 'done') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job).toMatchObject({ status: 'failed', error: 'O vídeo não tem áudio.' });
    // A failed job does not block a new one.
    expect((await api('POST', `/v1/videos/${videoId}/subtitles/job`, { language: 'en' })).statusCode).toBe(
      202,
    );
  });
});

describe('automatic subtitles without an engine', () => {
  let server: TestServer;
  let owner: string;

  beforeAll(async () => {
    server = await startTestServer({
      subtitles: { ...(await import('../src/config.ts')).loadConfig({}).subtitles, engine: 'off' },
    });
    owner = await loginAs(server.app, DEMO_USERS.owner.login);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells the console there is nothing to offer, and refuses to start a job', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/bff/config' });
    expect(res.json().autoSubtitleLanguages).toEqual([]);
    const videoId = await createContent(server.app, owner);
    const url = `/v1/videos/${videoId}/subtitles/job?accountId=${DEMO}`;
    const state = await server.app.inject({ method: 'GET', url, headers: bearer(owner) });
    expect(state.json()).toEqual({ status: 'unavailable', languages: [] });
    const post = await server.app.inject({
      method: 'POST',
      url,
      headers: bearer(owner),
      payload: { language: 'en' },
    });
    expect(expectError(post, 503)).toBe('Legendas automáticas não estão disponíveis neste servidor.');
  });
});

describe('speech engines: reading their output', () => {
  it('reads pocketsphinx words and leaves out silences, noises and sentence marks', () => {
    const output = [
      'hello world this is a test',
      '<s> 0.000 0.020 0.999500',
      'hello 0.030 0.360 0.325911',
      'world 0.370 0.810 0.697368',
      '<sil> 1.250 1.290 0.959633',
      '[NOISE] 1.300 1.400 0.5',
      'arctic(2) 1.670 2.460 0.000876',
      '</s> 1.740 2.190 1.000000',
    ].join('\n');
    expect(parsePocketsphinx(output)).toEqual([
      { text: 'hello', start: 0.03, end: 0.36 },
      { text: 'world', start: 0.37, end: 0.81 },
      { text: 'arctic', start: 1.67, end: 2.46 },
    ]);
  });

  it('breaks cues at pauses and keeps them short', () => {
    const cues = wordsToCues([
      { text: 'hello', start: 0, end: 0.4 },
      { text: 'world', start: 0.5, end: 0.9 },
      { text: 'again', start: 3, end: 3.4 },
    ]);
    expect(cues.map((c) => [c.inicio, c.fim, c.texto])).toEqual([
      [0, 0.9, 'hello world'],
      [3, 3.5, 'again'], // at least half a second on screen
    ]);
    const long = Array.from({ length: 30 }, (_, i) => ({
      text: 'palavra',
      start: i * 0.3,
      end: i * 0.3 + 0.25,
    }));
    for (const cue of wordsToCues(long)) {
      expect(cue.texto.length).toBeLessThanOrEqual(64);
      expect(cue.fim - cue.inicio).toBeLessThanOrEqual(5);
    }
  });

  it("reads whisper's segments (centiseconds)", () => {
    expect(
      whisperCues([
        { text: ' Olá, mundo.', t0: 0, t1: 150 },
        { text: ' ', t0: 150, t1: 200 },
      ]).map((c) => [c.inicio, c.fim, c.texto]),
    ).toEqual([[0, 1.5, 'Olá, mundo.']]);
  });
});

describe('the whisper engine', () => {
  it('is offered for Portuguese with a model file, and a file that is no model fails the transcription', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const { detectSpeechEngines, engineFor, SpeechEngineError } = await import('../src/media/speech.ts');
    const base = loadConfig({}).subtitles;
    expect(await detectSpeechEngines({ ...base, engine: 'whisper' })).toEqual([]);
    const notAModel = join(work, 'ggml-base.bin');
    await writeFile(notAModel, 'not a ggml model');
    const engines = await detectSpeechEngines({ ...base, engine: 'whisper', whisperModel: notAModel });
    expect(engines.map((e) => e.name)).toEqual(['whisper']);
    expect(engineFor(engines, 'pt-BR')?.name).toBe('whisper');
    const english = join(work, 'ggml-tiny.en.bin');
    await writeFile(english, 'not a ggml model');
    const only = await detectSpeechEngines({ ...base, engine: 'whisper', whisperModel: english });
    expect(only[0]?.languages).toEqual(['en']);
    const wav = join(work, 'silence.wav');
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '1',
      wav,
    ]);
    await expect(
      engines[0]?.transcribe(wav, 'pt-BR', {
        duration: 1,
        signal: new AbortController().signal,
        onProgress() {},
      }),
    ).rejects.toBeInstanceOf(SpeechEngineError);
  });
});
