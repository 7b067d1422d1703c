import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Rendition } from '../db/tables/videos.ts';
import { type FfmpegPaths, run } from './ffmpeg-run.ts';
import { type Demuxer, MediaInputError, type ProbeResult, pinnedInput } from './probe.ts';

export type { FfmpegPaths } from './ffmpeg-run.ts';
export { MediaInputError, type ProbeResult, probe } from './probe.ts';

/** SPEC §3's videoQuality ladder; the spec's "1280p" label is the 1080-line rendition. */
export const LADDER = [
  { name: '240p', height: 240, videoKbps: 400 },
  { name: '360p', height: 360, videoKbps: 800 },
  { name: '480p', height: 480, videoKbps: 1400 },
  { name: '720p', height: 720, videoKbps: 2800 },
  { name: '1080p', height: 1080, videoKbps: 5000 },
] as const;

export const SEGMENT_SECONDS = 2;

/** The ladder's rungs not taller than the source; a source under 240 lines gets one at its height. */
export function renditionsFor(height: number): { name: string; height: number; videoKbps: number }[] {
  const rungs = LADDER.filter((r) => r.height <= height);
  if (rungs.length > 0) return rungs.map((r) => ({ ...r }));
  const even = Math.max(2, height - (height % 2));
  return [{ name: `${even}p`, height: even, videoKbps: 300 }];
}

/** ffmpeg arguments for the whole ladder in one process (one decode, several encodes). */
export function hlsArguments(input: string, outDir: string, source: ProbeResult): string[] {
  const rungs = renditionsFor(source.height);
  const gop = Math.max(1, Math.round(source.fps * SEGMENT_SECONDS));
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`);
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...pinnedInput(source.format, input)];
  args.push('-filter_complex', [split, ...scales].join(';'));
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    args.push(`-c:v:${i}`, 'libx264', `-b:v:${i}`, `${r.videoKbps}k`);
    args.push(
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
  });
  if (source.hasAudio) {
    for (let i = 0; i < rungs.length; i++) args.push('-map', '0:a:0');
    args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  }
  // Keyframes exactly every SEGMENT_SECONDS, never on scene cuts: every segment starts with one
  // (STACK.md workaround 9: `-g 50 -sc_threshold 0` at 25 fps, -g follows the source's rate).
  args.push('-preset', 'veryfast', '-profile:v', 'main', '-g', String(gop), '-keyint_min', String(gop));
  args.push('-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  // The source's frames at their own times: the hls muxer's default (constant rate at the stream's
  // nominal rate) duplicated a variable-rate source's frames up to that rate — a studio recording
  // (a browser's canvas, millisecond timestamps, nominal 1000 fps) became 50 times the frames.
  args.push('-fps_mode', 'vfr');
  const streamMap = rungs
    .map((r, i) => (source.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`))
    .join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    join(outDir, '%v', 'seg_%05d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

/**
 * Transcodes `input` into an HLS ladder under `outDir` (master.m3u8 + one folder per rendition),
 * reporting progress 0–1 from ffmpeg's `out_time` against the probed duration.
 */
export async function transcodeToHls(
  paths: FfmpegPaths,
  input: string,
  outDir: string,
  source: ProbeResult,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Rendition[]> {
  let pending = '';
  const result = await run(paths.ffmpegPath, hlsArguments(input, outDir, source), {
    ...(signal ? { signal } : {}),
    cwd: dirname(input),
    onStdout(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
        if (match) onProgress(Math.min(1, Number(match[1]) / 1e6 / source.duration));
      }
    },
  });
  if (result.code !== 0) {
    const last =
      result.stderr.trim().split('\n').filter(Boolean).pop() ?? `exit ${result.code ?? result.signal}`;
    throw new MediaInputError('mediaTranscodeFailed', { detail: last.slice(0, 300) });
  }
  return parseMaster(await readFile(join(outDir, 'master.m3u8'), 'utf8'));
}

/** Renditions as the master playlist declares them (BANDWIDTH, RESOLUTION, URI). */
export function parseMaster(text: string): Rendition[] {
  const lines = text.split(/\r?\n/);
  const out: Rendition[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const [w, h] = (/RESOLUTION=(\d+)x(\d+)/.exec(line)?.slice(1) ?? ['0', '0']).map(Number);
    const uri = lines[i + 1]?.trim() ?? '';
    out.push({ name: uri.split('/')[0] ?? uri, width: w ?? 0, height: h ?? 0, bandwidth });
  });
  return out.sort((a, b) => a.height - b.height);
}

/** A JPEG frame from a second in (or the middle of a very short video), 640 wide at most. */
export async function makeThumbnail(
  paths: FfmpegPaths,
  input: string,
  format: Demuxer,
  output: string,
  duration: number,
  signal?: AbortSignal,
): Promise<void> {
  const at = Math.min(1, duration / 2).toFixed(3);
  const result = await run(
    paths.ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-ss',
      at,
      ...pinnedInput(format, input),
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-q:v',
      '4',
      output,
    ],
    { ...(signal ? { signal } : {}), cwd: dirname(input) },
  );
  if (result.code !== 0) throw new MediaInputError('mediaThumbnailFailed');
}
