import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hlsArguments, probe, renditionsFor, transcodeToHls } from '../src/media/ffmpeg.ts';
import { sniffImage } from '../src/media/images.ts';
import { viewerArgs } from '../src/media/live-viewer.ts';
import { MediaSigner } from '../src/media/signing.ts';
import { safeKey } from '../src/media/storage.ts';
import { parseSubtitles, SubtitleFormatError, toVtt } from '../src/media/subtitles.ts';
import { parseContentRange } from '../src/media/upload-service.ts';
import { makeTestVideo, run } from './video-helpers.ts';

const paths = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palco-media-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the rendition ladder', () => {
  it('keeps the renditions not taller than the source', () => {
    expect(renditionsFor(360).map((r) => r.name)).toEqual(['240p', '360p']);
    expect(renditionsFor(720).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p']);
    expect(renditionsFor(1080).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p', '1080p']);
    expect(renditionsFor(2160).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p', '1080p']);
    expect(renditionsFor(181).map((r) => r.name)).toEqual(['180p']);
  });

  it('puts a keyframe every 2 seconds at the source frame rate', () => {
    const args = (fps: number) =>
      hlsArguments('in.mp4', 'out', {
        format: 'mov',
        duration: 10,
        width: 1280,
        height: 720,
        fps,
        hasAudio: true,
      });
    const at = (list: string[], flag: string) => list[list.indexOf(flag) + 1];
    expect(at(args(25), '-g')).toBe('50');
    expect(at(args(30), '-g')).toBe('60');
    expect(at(args(29.97), '-g')).toBe('60');
    expect(at(args(25), '-sc_threshold')).toBe('0');
    expect(at(args(25), '-hls_time')).toBe('2');
    expect(at(args(25), '-var_stream_map')).toBe(
      'v:0,a:0,name:240p v:1,a:1,name:360p v:2,a:2,name:480p v:3,a:3,name:720p',
    );
    const silent = hlsArguments('in.mp4', 'out', {
      format: 'mov',
      duration: 10,
      width: 640,
      height: 360,
      fps: 25,
      hasAudio: false,
    });
    expect(at(silent, '-var_stream_map')).toBe('v:0,name:240p v:1,name:360p');
  });

  it('reports real progress from ffmpeg while transcoding', async () => {
    const input = join(work, 'long.mp4');
    await makeTestVideo(input, '320x240', 30);
    const info = await probe(paths, input);
    expect(info).toMatchObject({ width: 320, height: 240, fps: 25, hasAudio: true });
    const seen: number[] = [];
    const renditions = await transcodeToHls(paths, input, join(work, 'hls'), info, (f) => seen.push(f));
    expect(renditions.map((r) => r.name)).toEqual(['240p']);
    expect(seen.length).toBeGreaterThan(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBeGreaterThan(0.95);
    const segments = (await readdir(join(work, 'hls', '240p'))).filter((f) => f.endsWith('.ts'));
    expect(segments).toHaveLength(15);
    const playlist = await readFile(join(work, 'hls', '240p', 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
  }, 120_000);

  // A browser's canvas (the studio's composition, published over WebRTC) has frames at irregular
  // times and no frame rate of its own: after the hop and the RTMP ingest its nominal rate is the
  // millisecond clock's 1000 fps. Both the live ladder's encoded rendition and the recording's
  // transcode keep its own frames; duplicating them up to 1000 fps made the recording of a 20 s
  // studio live take minutes to become a video.
  describe('a variable-frame-rate source (a studio live)', () => {
    const frames = async (files: string[]) => {
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v', '-count_packets'],
        ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0'],
        `concat:${files.join('|')}`,
      ]);
      // MPEG-TS names the stream under its program too: the first count.
      return Number(/\d+/.exec(stdout)?.[0]);
    };
    const source = async (file: string, format: string) => {
      // About 30 frames a second picked at random instants of a 1000 fps clock.
      await run('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=1000'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '6'],
        ...['-vf', 'select=lt(random(0)\\,0.03)', '-c:v', 'libx264', '-preset', 'ultrafast', '-bf', '0'],
        ...['-c:a', 'aac', '-fps_mode', 'vfr', '-f', format, file],
      ]);
      return frames([file]);
    };
    const segments = async (dir: string) =>
      (await readdir(dir))
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .map((f) => join(dir, f));

    it('the recording is transcoded at its own frames', async () => {
      const input = join(work, 'vfr.mkv');
      const sourceFrames = await source(input, 'matroska');
      const info = await probe(paths, input);
      const out = join(work, 'vfr-hls');
      await transcodeToHls(paths, input, out, info, () => {});
      const made = await frames(await segments(join(out, '240p')));
      expect(made).toBeGreaterThan(sourceFrames * 0.9);
      expect(made).toBeLessThan(sourceFrames * 1.1);
    }, 120_000);

    it("the viewers' encoded rendition keeps the encoder's frames", async () => {
      const input = join(work, 'vfr.flv');
      const sourceFrames = await source(input, 'flv');
      const dir = join(work, 'vfr-viewer');
      const options = {
        latency: 'default' as const,
        dvr: true,
        audioOnly: false,
        hasAudio: true,
        width: 320,
        height: 240,
      };
      await run('ffmpeg', ['-v', 'error', '-f', 'flv', '-i', input, ...viewerArgs(dir, options)]);
      const made = await frames(await segments(join(dir, 'low')));
      expect(made).toBeGreaterThan(sourceFrames * 0.9);
      expect(made).toBeLessThan(sourceFrames * 1.1);
    }, 120_000);
  });

  it('refuses what is not a video', async () => {
    const path = join(work, 'garbage.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, 'not a video at all'));
    await expect(probe(paths, path)).rejects.toThrow('O arquivo enviado não é um vídeo válido.');
  });
});

describe('Content-Range', () => {
  it('parses chunk ranges and refuses malformed ones', () => {
    expect(parseContentRange(undefined)).toBeNull();
    expect(parseContentRange('bytes 0-99/1000')).toEqual({ start: 0, end: 99, total: 1000 });
    expect(parseContentRange('bytes 900-999/1000')).toEqual({ start: 900, end: 999, total: 1000 });
    for (const bad of [
      'bytes 0-1000/1000',
      'bytes 5-4/10',
      'bytes */1000',
      'bytes 0-9/*',
      '0-9/10',
      'bytes -1-9/10',
    ]) {
      expect(() => parseContentRange(bad), bad).toThrow();
    }
  });
});

describe('subtitles', () => {
  it('parses WebVTT with identifiers, settings, notes and hour-less times', () => {
    const cues = parseSubtitles(
      Buffer.from(
        '\uFEFFWEBVTT - título\n\nNOTE comentário\n\n1\n00:01.000 --> 00:02.000 align:start\nUm\n\n01:00:00.500 --> 01:00:01.000\nDois\n',
      ),
    );
    expect(cues.map((c) => [c.id, c.inicio, c.fim, c.texto, c.settings])).toEqual([
      ['1', 1, 2, 'Um', 'align:start'],
      [null, 3600.5, 3601, 'Dois', ''],
    ]);
    expect(toVtt(cues)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000 align:start\nUm\n\n01:00:00.500 --> 01:00:01.000\nDois\n',
    );
  });

  it('refuses garbage and invalid UTF-8', () => {
    for (const bad of [
      '',
      'WEBVTT',
      'hello',
      '1\n00:00:01,000 -> 00:00:02,000\nx',
      '1\n00:00:03,000 --> 00:00:02,000\nx',
    ]) {
      expect(() => parseSubtitles(Buffer.from(bad)), bad).toThrow(SubtitleFormatError);
    }
    expect(() => parseSubtitles(Buffer.from([0xff, 0xfe, 0x00]))).toThrow();
  });
});

describe('images', () => {
  it('tells PNG, JPEG and WebP by their first bytes only', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a00', 'hex'))?.mime).toBe('image/png');
    expect(sniffImage(Buffer.from('ffd8ffdb00', 'hex'))?.mime).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))?.mime).toBe('image/webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('signed media URLs', () => {
  const signer = new MediaSigner('a'.repeat(48));
  const account = 'a0000000-0000-4000-8000-000000000002';
  const video = 'b0000000-0000-4000-8000-000000000001';

  it('are stable within an hour and valid 6 to 7 hours', () => {
    const now = 1_800_000_100;
    const a = signer.prefix(account, video, now);
    expect(signer.prefix(account, video, now + 60)).toBe(a);
    const token = a.split('/')[4]!;
    const exp = Number(token.split('.')[0]);
    expect(exp - now).toBeGreaterThanOrEqual(6 * 3600);
    expect(exp - now).toBeLessThanOrEqual(7 * 3600);
    expect(signer.verify(account, video, token, now)).toBe(true);
    expect(signer.verify(account, video, token, exp + 1)).toBe(false);
    expect(signer.verify(account, 'b0000000-0000-4000-8000-000000000002', token, now)).toBe(false);
    expect(new MediaSigner('b'.repeat(48)).verify(account, video, token, now)).toBe(false);
    expect(signer.verify(account, video, 'garbage', now)).toBe(false);
  });

  it('never map to a path outside the media root', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a\0b', '.'])
      expect(() => safeKey(bad), bad).toThrow();
    expect(safeKey('a/b/c.ts')).toBe('a/b/c.ts');
  });
});
