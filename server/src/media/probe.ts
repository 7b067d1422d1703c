import { t } from '../lib/i18n.ts';
import type { MediaMessageKey } from '../lib/i18n-media.ts';
import { type FfmpegPaths, run } from './ffmpeg-run.ts';

/** Input that is not a video we can read: the reason (stored in pt-BR) is shown to the user. */
export class MediaInputError extends Error {
  constructor(
    readonly key: MediaMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(t('pt-BR', key, params));
  }
}

/**
 * The demuxers an uploaded file may be read with: real containers, none of which opens another file
 * or URL. Everything else is refused, above all the "script" demuxers that do (concat/ffconcat, hls,
 * image2 patterns, subfile, tee, …): with them an upload could name another team's files.
 * A name is an ffmpeg demuxer name (`ffmpeg -demuxers`), and what is pinned later with `-f`.
 * Audio-only ones are readable but then refused for having no picture.
 */
export const ALLOWED_DEMUXERS = [
  'mov', // mov, mp4, m4a, 3gp, 3g2, mj2 (external data references stay off: enable_drefs is 0)
  'matroska', // matroska, webm
  'mpegts',
  'flv',
  'avi',
  'mxf',
  'ogg',
  'asf', // wmv
  'mpeg', // MPEG program stream (.mpg, .vob)
  'wav',
  'mp3',
  'aac',
] as const;
export type Demuxer = (typeof ALLOWED_DEMUXERS)[number];

/**
 * Options that go before `-i` of every ffmpeg/ffprobe on user bytes: local files only (no network,
 * no pipes, no subfile/concat protocols) and the one demuxer the probe found.
 */
export function pinnedInput(format: Demuxer, input: string): string[] {
  return ['-protocol_whitelist', 'file', '-f', format, '-i', input];
}

/** The allowed demuxer of ffprobe's `format_name` (a demuxer's names: `mov,mp4,m4a,3gp,3g2,mj2`). */
export function allowedDemuxer(formatName: string | undefined): Demuxer | null {
  const names = (formatName ?? '').split(',');
  return ALLOWED_DEMUXERS.find((d) => names.includes(d)) ?? null;
}

export interface ProbeResult {
  /** The demuxer every later call must pass with `-f`. */
  format: Demuxer;
  duration: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
}

const ENTRIES =
  'format=format_name,duration:stream=codec_type,width,height,avg_frame_rate,r_frame_rate,duration:stream_disposition=attached_pic';

function rate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return num / den;
}

/**
 * What `input` is, read by ffprobe allowed to pick only among ALLOWED_DEMUXERS (a format off the list
 * is refused after detection and before its demuxer opens anything) and to open local files only.
 */
export async function probe(paths: FfmpegPaths, input: string, cwd?: string): Promise<ProbeResult> {
  const result = await run(
    paths.ffprobePath,
    [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', ALLOWED_DEMUXERS.join(',')],
      // Only the fields read below: tags and side data of a crafted file could fill any buffer.
      ...['-print_format', 'json', '-show_entries', ENTRIES, '-i', input],
    ],
    cwd ? { cwd } : {},
  );
  if (result.code !== 0) {
    throw new MediaInputError(
      /not on whitelist/i.test(result.stderr) ? 'mediaFormatRefused' : 'mediaNotVideo',
    );
  }
  let info: {
    format?: { duration?: string; format_name?: string };
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      duration?: string;
      disposition?: { attached_pic?: number };
    }[];
  };
  try {
    info = JSON.parse(result.stdout);
  } catch {
    throw new MediaInputError('mediaNotVideo');
  }
  const format = allowedDemuxer(info.format?.format_name);
  if (!format) throw new MediaInputError('mediaFormatRefused');
  const video = info.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new MediaInputError('mediaNotVideo');
  const duration = Number(info.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new MediaInputError('mediaNoDuration');
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 25;
  return {
    format,
    duration,
    width: video.width,
    height: video.height,
    fps: Math.min(Math.max(fps, 1), 120),
    hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}
