import { access, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Latency } from '../db/tables/streams.ts';

/**
 * What a latency mode changes in the viewers' live packaging and in the player. Segments of the copied
 * source rendition can only start on the encoder's keyframes: an encoder sending a keyframe every
 * `segmentSeconds` or more often gets segments of that length (docs/playback.md).
 */
export interface LatencyProfile {
  /** HLS target segment duration. */
  segmentSeconds: number;
  /** Segments in a playlist without DVR (the live edge). */
  edgeSegments: number;
  /** How far behind the live edge the player should sit. */
  liveDelaySeconds: number;
  /** Whether the player should run in its low-latency mode (shaka `streaming.lowLatencyMode`). */
  lowLatencyMode: boolean;
}

export const LATENCY_PROFILES: Record<Latency, LatencyProfile> = {
  default: { segmentSeconds: 4, edgeSegments: 6, liveDelaySeconds: 12, lowLatencyMode: false },
  low: { segmentSeconds: 1, edgeSegments: 6, liveDelaySeconds: 3, lowLatencyMode: false },
  ultraLow: { segmentSeconds: 0.5, edgeSegments: 6, liveDelaySeconds: 1, lowLatencyMode: true },
};

/** With DVR on, viewers can seek back this far (a sliding window, not an EVENT playlist). */
export const DVR_WINDOW_SECONDS = 30 * 60;

/** The renditions of the viewers' ladder, as folder names under the viewer folder. */
export const VIEWER_RENDITIONS = ['src', 'low', 'audio'] as const;
/** The lower rendition's height (never above the source's). */
const LOW_HEIGHT = 360;

export interface ViewerOptions {
  latency: Latency;
  dvr: boolean;
  audioOnly: boolean;
  /** The publish carries audio (the encoder's metadata says so). */
  hasAudio: boolean;
  /** The source's size when its metadata tells it (for the master playlist). */
  width: number | null;
  height: number | null;
}

/** The viewers' HLS of a live: `master.m3u8` and one folder per rendition. */
/** The viewers' files of a stream in the live storage (`media.live`): `<accountId>/<streamId>/viewer`. */
export function viewerKey(accountId: string, streamId: string): string {
  return `${accountId}/${streamId}/viewer`;
}

export function viewerDir(dataDir: string, accountId: string, streamId: string): string {
  // Inside the stream's live folder (ingest.ts liveDir), which the ingest clears when nothing publishes.
  return join(dataDir, 'live', accountId, streamId, 'viewer');
}

/** Segments kept in each rendition's playlist. */
export function listSize(options: Pick<ViewerOptions, 'latency' | 'dvr'>): number {
  const profile = LATENCY_PROFILES[options.latency];
  return options.dvr ? Math.ceil(DVR_WINDOW_SECONDS / profile.segmentSeconds) : profile.edgeSegments;
}

/**
 * ffmpeg's codec and output arguments (after its FLV input) for the ladder: the source copied, one
 * lower rendition transcoded with x264 ultrafast (the only encoding: the CPU cost of a viewer output),
 * and the audio copied alone when audio-only is on. One hls muxer writes every rendition; the master
 * playlist is ours (writeMaster), since ffmpeg leaves out a copied rendition whose bitrate it cannot tell.
 */
export function viewerArgs(dir: string, options: ViewerOptions): string[] {
  const { segmentSeconds } = LATENCY_PROFILES[options.latency];
  const audio = options.hasAudio;
  const maps = [
    '-map',
    '0:v',
    ...(audio ? ['-map', '0:a'] : []),
    '-map',
    '0:v',
    ...(audio ? ['-map', '0:a'] : []),
  ];
  const streams = audio ? ['v:0,a:0,name:src', 'v:1,a:1,name:low'] : ['v:0,name:src', 'v:1,name:low'];
  if (audio && options.audioOnly) {
    maps.push('-map', '0:a');
    streams.push('a:2,name:audio');
  }
  return [
    ...maps,
    ...['-c:v:0', 'copy', '-c:a', 'copy'],
    ...['-c:v:1', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-threads', '1'],
    ...['-filter:v:1', `scale=-2:'trunc(min(${LOW_HEIGHT},ih)/2)*2'`],
    ...['-b:v:1', '600k', '-maxrate:v:1', '700k', '-bufsize:v:1', '1400k', '-sc_threshold', '0'],
    ...['-force_key_frames:v:1', `expr:gte(t,n_forced*${segmentSeconds})`],
    // The encoder's frames at their own times (see hlsArguments): a variable-rate publish (the studio's
    // canvas, a WebRTC sender) is not duplicated up to its nominal rate (1000 fps from FLV's ms clock).
    ...['-fps_mode', 'vfr'],
    ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_list_size', String(listSize(options))],
    ...['-hls_flags', 'delete_segments+independent_segments+temp_file+program_date_time'],
    ...['-hls_delete_threshold', '2'],
    ...['-var_stream_map', streams.join(' ')],
    ...['-hls_segment_filename', join(dir, '%v', 'seg_%05d.ts')],
    join(dir, '%v', 'index.m3u8'),
  ];
}

/** The renditions a ladder made with these options has. */
export function renditionsOf(options: Pick<ViewerOptions, 'hasAudio' | 'audioOnly'>): string[] {
  return options.hasAudio && options.audioOnly ? ['src', 'low', 'audio'] : ['src', 'low'];
}

/**
 * Writes the master playlist once every rendition has its first playlist (so a player never gets a
 * master naming a missing one); gives up after `timeoutMs` or when `stopped()` says the output ended.
 */
export async function publishMasterWhenReady(
  dir: string,
  options: ViewerOptions,
  stopped: () => boolean,
  timeoutMs = 60_000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopped()) {
    const ready = await Promise.all(
      renditionsOf(options).map((name) =>
        access(join(dir, name, 'index.m3u8')).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (ready.every(Boolean)) {
      await writeMaster(dir, options);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** The master playlist of the ladder. */
export async function writeMaster(dir: string, options: ViewerOptions): Promise<void> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const size = options.width && options.height ? `,RESOLUTION=${options.width}x${options.height}` : '';
  lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=2500000${size}`, 'src/index.m3u8');
  const lowHeight = options.height ? Math.min(LOW_HEIGHT, options.height - (options.height % 2)) : null;
  const lowWidth =
    lowHeight && options.width && options.height
      ? Math.round((options.width * lowHeight) / options.height / 2) * 2
      : null;
  const lowSize = lowHeight && lowWidth ? `,RESOLUTION=${lowWidth}x${lowHeight}` : '';
  lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${options.hasAudio ? 730000 : 600000}${lowSize}`, 'low/index.m3u8');
  if (options.hasAudio && options.audioOnly) {
    lines.push('#EXT-X-STREAM-INF:BANDWIDTH=160000,CODECS="mp4a.40.2"', 'audio/index.m3u8');
  }
  await writeFile(join(dir, 'master.m3u8.tmp'), `${lines.join('\n')}\n`);
  await rename(join(dir, 'master.m3u8.tmp'), join(dir, 'master.m3u8'));
}
