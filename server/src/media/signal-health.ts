import type { EventPayloads, Health } from '../services/events.ts';
import { AAC, AUDIO, H264, type MediaPacket, VIDEO } from './rtmp/flv.ts';
import { h264SpsSize } from './rtmp/h264.ts';

/** Figures are taken over this much media time: long enough to smooth millisecond timestamps. */
const WINDOW_MS = 5000;
/** Keyframes remembered for the interval (a 10 s GOP still gets two). */
const KEYFRAMES_MS = 30_000;
/** No video packet for this long: the signal is failing. */
const STALL_MS = 3000;
/** Media time falling behind wall time by this much: warning, then failing. */
const DRIFT_WARNING_MS = 1000;
const DRIFT_FAILING_MS = 3000;
/** A keyframe interval above this makes viewers wait too long to join (warning). */
const KEYFRAME_WARNING_S = 4;
/** Timestamps are whole milliseconds: at 60 fps they alternate 16 and 17 ms; this absorbs it. */
export const FPS_TOLERANCE = 0.5;

export type PacketLike = Pick<MediaPacket, 'type' | 'kind' | 'codec' | 'timestamp' | 'data'>;

interface Sample {
  dts: number;
  size: number;
}

export type SignalFigures = Omit<EventPayloads['sinal_saude'], 'live_id' | 'signal_id' | 'publicando'>;

/**
 * Measures what an encoder really sends, from the RTMP packets themselves (not its metadata): frame
 * rate and bitrates over the last 5 s of media time, the keyframe interval from the keyframes'
 * timestamps, the size from the H.264 SPS, and drift as how far media time has fallen behind wall
 * time since the best moment seen (0 while the encoder keeps up).
 */
export class SignalMeter {
  private readonly video: Sample[] = [];
  private readonly audio: Sample[] = [];
  private readonly keyframes: number[] = [];
  private width: number | null = null;
  private height: number | null = null;
  private lastVideoAt: number | null = null;
  private bestOffset = Number.POSITIVE_INFINITY;
  private lastOffset = 0;

  constructor(private readonly now: () => number = Date.now) {}

  onPacket(packet: PacketLike): void {
    if (packet.type === AUDIO && packet.kind === 'audio') this.push(this.audio, packet);
    if (packet.type !== VIDEO) return;
    if (packet.kind === 'video-config') {
      this.readSize(packet);
      return;
    }
    if (packet.kind !== 'keyframe' && packet.kind !== 'video') return;
    const at = this.now();
    this.lastVideoAt = at;
    this.lastOffset = at - packet.timestamp;
    this.bestOffset = Math.min(this.bestOffset, this.lastOffset);
    this.push(this.video, packet);
    if (packet.kind === 'keyframe') {
      this.keyframes.push(packet.timestamp);
      while ((this.keyframes[0] ?? packet.timestamp) < packet.timestamp - KEYFRAMES_MS)
        this.keyframes.shift();
    }
  }

  /** The figures now, and the verdict with its reason key (docs/realtime.md "Signal health"). */
  figures(fpsLimit: number): SignalFigures {
    const fps = rate(this.video, (span, list) => (list.length - 1) / span);
    const video_kbps = rate(this.video, (span, list) => kbps(list, span));
    const audio_kbps = rate(this.audio, (span, list) => kbps(list, span));
    const gaps = this.keyframes.slice(1).map((dts, i) => dts - (this.keyframes[i] ?? dts));
    const keyframe_interval_s =
      gaps.length > 0 ? round(gaps.reduce((a, b) => a + b, 0) / gaps.length / 1000, 2) : null;
    const stalled = this.lastVideoAt === null || this.now() - this.lastVideoAt > STALL_MS;
    const drift_ms =
      this.lastVideoAt === null ? null : Math.max(0, Math.round(this.lastOffset - this.bestOffset));
    const figures = {
      fps,
      video_kbps,
      audio_kbps,
      keyframe_interval_s,
      width: this.width,
      height: this.height,
      drift_ms,
    };
    const [saude, motivo] = verdict(figures, stalled, fpsLimit);
    return { ...figures, saude, motivo };
  }

  private push(list: Sample[], packet: PacketLike): void {
    // The FLV tag header is not media: 5 bytes before H.264 data, 2 before AAC (1 for other audio).
    const header = packet.type === VIDEO ? 5 : packet.codec === AAC ? 2 : 1;
    const dts = packet.timestamp;
    list.push({ dts, size: Math.max(0, packet.data.length - header) });
    while (list.length > 2 && (list[0]?.dts ?? dts) < dts - WINDOW_MS) list.shift();
  }

  private readSize(packet: PacketLike): void {
    if (packet.codec !== H264 || packet.data.length < 14) return;
    const size = h264SpsSize(firstSps(packet.data.subarray(5)));
    if (size) ({ width: this.width, height: this.height } = size);
  }
}

/** The first SPS of an AVC sequence header (an AVCDecoderConfigurationRecord: its SPS at byte 8). */
function firstSps(config: Buffer): Buffer {
  if (config[0] !== 1 || config.length < 8) return Buffer.alloc(0);
  return config.subarray(8, 8 + config.readUInt16BE(6));
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** A per-second figure over the window's media time; null until it spans at least a second. */
function rate(list: Sample[], of: (spanSeconds: number, list: Sample[]) => number): number | null {
  const first = list[0];
  const last = list.at(-1);
  if (!first || !last || last.dts - first.dts < 1000) return null;
  return round(of((last.dts - first.dts) / 1000, list), 2);
}

/** The bytes after the first sample cover the span from its timestamp to the last one's. */
function kbps(list: Sample[], spanSeconds: number): number {
  const bytes = list.slice(1).reduce((sum, s) => sum + s.size, 0);
  return (bytes * 8) / 1000 / spanSeconds;
}

function verdict(
  f: Pick<SignalFigures, 'fps' | 'audio_kbps' | 'keyframe_interval_s' | 'drift_ms'>,
  stalled: boolean,
  fpsLimit: number,
): [Health, string | null] {
  if (stalled) return ['failing', 'sem_video'];
  if ((f.drift_ms ?? 0) > DRIFT_FAILING_MS) return ['failing', 'atraso'];
  if ((f.drift_ms ?? 0) > DRIFT_WARNING_MS) return ['warning', 'atraso'];
  if (f.fps !== null && f.fps > fpsLimit + FPS_TOLERANCE) return ['warning', 'fps_alto'];
  if ((f.keyframe_interval_s ?? 0) > KEYFRAME_WARNING_S) return ['warning', 'keyframe_longo'];
  if (f.audio_kbps === null) return ['warning', 'sem_audio'];
  return ['ok', null];
}
