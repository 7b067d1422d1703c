import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import type { Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { findPublishableStreamBySignalKey, signalKeyExists } from '../db/repositories/streams.ts';
import type { Db } from '../db/schema.ts';
import type { LiveStreamRow } from '../db/tables/streams.ts';
import { ApiError } from '../lib/errors.ts';
import { SEGMENT_SECONDS } from './ffmpeg.ts';
import { INGEST_APP, type Ingest, maskKey } from './ingest.ts';
import { LATENCY_PROFILES } from './live-viewer.ts';
import { type MediaCodec, type WebRtcCore, WebRtcError } from './webrtc/core.ts';

/** A signal key as the server makes them (32 random bytes, base64url). */
const KEY = /^[A-Za-z0-9_-]{43}$/;
/** How long the hop's ffmpeg gets to finish its FLV after it is asked to stop, before it is killed. */
const STOP_GRACE_MS = 5_000;
/** The payload types of the hop's SDP (any dynamic ones: the core rewrites the packets to them). */
const VIDEO_PT = 96;
const AUDIO_PT = 111;
/** Keyframes are never asked for more often than this (each costs the sender bits). */
const MIN_KEYFRAME_INTERVAL_MS = 1000;
/** Bytes of the hop's ffmpeg errors kept for the log. */
const STDERR_TAIL = 2000;
/**
 * What ffmpeg writes when its input lacks a keyframe or its parameter sets (a lost packet, a sender
 * that joined mid-picture): the hop asks the sender for a keyframe then (docs/studio.md "A hiccup is
 * not the end").
 */
const DECODER_ERROR =
  /non-existing PPS|decode_slice_header error|no frame!|missing reference|reference picture missing|error while decoding|concealing|Invalid NAL unit|corrupt/i;
/** The hop asks for a keyframe for its decoder's errors at most this often. */
const DECODER_KEYFRAME_GAP_MS = 1000;
/**
 * A hop that stops while its publisher still sends is started again, at most this many times in
 * RESTART_WINDOW_MS; past that the publish is ended (and said so) rather than kept half alive.
 */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 500;

/**
 * The WebRTC room of a signal's WHIP publish: `live:<streamId>` for the stream's first signal (the one
 * viewers get; WHEP viewers subscribe to it), `live:<streamId>:<signalId>` for the others.
 */
export function whipRoomKey(row: Pick<LiveStreamRow, 'id' | 'signals'>, signalId: string): string {
  return row.signals[0]?.id === signalId ? `live:${row.id}` : `live:${row.id}:${signalId}`;
}

type Hop = ChildProcessByStdio<Writable, null, Readable>;

interface WhipPublish {
  sessionId: string;
  key: string;
  streamId: string;
  signalId: string;
  roomKey: string;
  hop: Hop | null;
  /** Resolves when the hop's ffmpeg has exited. */
  hopDone: Promise<void>;
  ended: Promise<void> | null;
  /** The negotiated media and the RTMP port, to start the hop again. */
  media: MediaCodec[];
  rtmpPort: number;
  /** When the hop was started again (the last RESTART_WINDOW_MS). */
  restarts: number[];
  lastDecoderKeyframe: number;
}

/**
 * A WHIP publish the server ended on its own (docs/api-streams.md "Signal status"): its hop kept
 * failing while the publisher was connected and the stream still took its publish.
 */
export interface WhipDrop {
  at: string;
  reason: 'pipeline';
}

export interface WhipIngestOptions {
  db: Db;
  log: FastifyBaseLogger;
  core: WebRtcCore;
  ingest: Ingest;
  /** The RTMP ingest's port while it listens (the hop publishes there), or null. */
  ingestPort: () => number | null;
  ffmpegPath: string;
  maxPublishes: number;
}

/** Two free consecutive UDP ports on loopback (RTP, then RTCP), for the hop's ffmpeg to bind. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = randomInt(20_000, 29_999) * 2; // even, as RTP wants, in 40000–59998
    const sockets = [createSocket('udp4'), createSocket('udp4')];
    const bound = await Promise.all(
      sockets.map(
        (socket, i) =>
          new Promise<boolean>((resolve) => {
            socket.once('error', () => resolve(false));
            socket.bind(port + i, '127.0.0.1', () => resolve(true));
          }),
      ),
    );
    await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    if (bound.every(Boolean)) return port;
  }
  throw new Error('no free UDP port pair on loopback');
}

/** The SDP the hop's ffmpeg reads: the negotiated media on loopback ports, fixed payload types. */
export function hopSdp(media: MediaCodec[], ports: { video?: number; audio?: number }): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=Palco WHIP', 'c=IN IP4 127.0.0.1', 't=0 0'];
  for (const codec of media) {
    const port = ports[codec.kind];
    if (port === undefined) continue;
    const pt = codec.kind === 'video' ? VIDEO_PT : AUDIO_PT;
    lines.push(`m=${codec.kind} ${port} RTP/AVP ${pt}`);
    lines.push(
      `a=rtpmap:${pt} ${codec.name}/${codec.clockRate}${codec.channels ? `/${codec.channels}` : ''}`,
    );
    if (codec.name === 'H264') lines.push(`a=fmtp:${pt} packetization-mode=1`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * How often the sender is asked for a keyframe: once per segment of the preview and the recording
 * (SEGMENT_SECONDS), or of the viewers' copied rendition when the stream's latency mode cuts shorter
 * ones, never more than once a second.
 */
export function keyframeIntervalMs(row: Pick<LiveStreamRow, 'latency'>): number {
  const seconds = Math.min(SEGMENT_SECONDS, LATENCY_PROFILES[row.latency].segmentSeconds);
  return Math.max(MIN_KEYFRAME_INTERVAL_MS, seconds * 1000);
}

/**
 * ffmpeg's arguments for the hop: RTP from the SDP on stdin, H.264 passed through (VP8 re-encoded to
 * H.264 with a keyframe every segment), Opus to AAC, pushed as FLV to the RTMP ingest. Small probe
 * and no input buffering keep the added latency low.
 */
export function hopArgs(media: MediaCodec[], rtmpUrl: string): string[] {
  const video = media.find((m) => m.kind === 'video');
  const audio = media.find((m) => m.kind === 'audio');
  const args = [
    ...['-hide_banner', '-loglevel', 'error'],
    // A broken picture (a lost packet) is dropped or passed on, never the end of the hop: the core
    // holds the video back until a keyframe with its parameter sets, and asks for one on a loss.
    ...['-protocol_whitelist', 'pipe,udp,rtp', '-fflags', '+nobuffer+genpts+discardcorrupt'],
    ...['-err_detect', 'ignore_err'],
    ...['-probesize', '262144', '-analyzeduration', '3000000', '-max_delay', '200000'],
    ...['-f', 'sdp', '-i', 'pipe:0'],
  ];
  if (video) {
    args.push('-map', '0:v');
    if (video.name === 'H264') args.push('-c:v', 'copy');
    else
      args.push(
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
        ...['-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
      );
  }
  // Opus → AAC resampled to its timestamps (a lost packet is silence, not a shift of what follows):
  // the AAC stays continuous and monotonic from the first sample.
  if (audio)
    args.push(
      ...['-map', '0:a', '-af', 'aresample=async=1:first_pts=0'],
      ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000'],
    );
  args.push('-f', 'flv', rtmpUrl);
  return args;
}

/**
 * The WHIP ingest (docs/studio.md "WHIP ingest"): a publish is checked as the RTMP ingest checks one
 * (the signal key of a started or scheduled stream, one publisher per signal), its WebRTC session is
 * a room of the core, and its media joins the pipeline through one hop: the core forwards the RTP to
 * loopback UDP, an ffmpeg reads it (SDP) and publishes FLV to this server's RTMP ingest with the same
 * key. From there the publish is an RTMP publish like any other: preview, viewers' HLS, recording,
 * metering, signal health and the FPS alert.
 */
export class WhipIngest {
  private readonly publishes = new Map<string, WhipPublish>();
  /** Keys whose publish is being set up (a second offer for one of them is refused at once). */
  private readonly claiming = new Set<string>();
  /** The last publish the server ended on its own, by `streamId/signalId` (cleared by a new one). */
  private readonly drops = new Map<string, WhipDrop>();
  private stopping = false;

  constructor(private readonly options: WhipIngestOptions) {
    options.core.on('closed', ({ sessionId, reason }) => {
      const publish = this.publishes.get(sessionId);
      // The log says why (a peer that failed or timed out, the worker stopping).
      if (publish) void this.end(publish, `webrtc ${reason}`);
    });
  }

  /** True while a WHIP publish feeds a signal of the stream (or this signal). */
  isPublishing(streamId: string, signalId?: string): boolean {
    return [...this.publishes.values()].some(
      (p) =>
        p.ended === null && p.streamId === streamId && (signalId === undefined || p.signalId === signalId),
    );
  }

  /** Why the server last ended a WHIP publish of the signal on its own, or null. */
  dropped(streamId: string, signalId: string): WhipDrop | null {
    return this.drops.get(`${streamId}/${signalId}`) ?? null;
  }

  /**
   * Accepts an offer for the signal of `key`: the SDP answer and the session's id, or an ApiError
   * (401 unknown key, 403 a stream that takes no publish now, 409 the signal is already published,
   * 400 an offer without usable media, 503 no RTMP ingest or the instance's maximum reached).
   */
  async publish(key: string, offerSdp: string): Promise<{ sessionId: string; answerSdp: string }> {
    const { log, core, db } = this.options;
    if (!KEY.test(key))
      throw new ApiError(401, 'whipKeyInvalid', { headers: { 'www-authenticate': 'Bearer' } });
    const rtmpPort = this.options.ingestPort();
    if (rtmpPort === null || this.stopping) throw new ApiError(503, 'whipUnavailable');
    const row = await findPublishableStreamBySignalKey(db, key);
    if (!row) {
      if (await signalKeyExists(db, key)) {
        log.info({ key: maskKey(key) }, 'whip publish refused: the stream takes no publish now');
        throw new ApiError(403, 'whipStreamClosed');
      }
      log.info({ key: maskKey(key) }, 'whip publish refused: no stream has this key');
      throw new ApiError(401, 'whipKeyInvalid', { headers: { 'www-authenticate': 'Bearer' } });
    }
    const signal = row.signals.find((s) => s.key === key);
    if (!signal) throw new ApiError(401, 'whipKeyInvalid');
    if (
      this.claiming.has(key) ||
      [...this.publishes.values()].some((p) => p.key === key && p.ended === null) ||
      this.options.ingest.isPublishing(row.id, signal.id)
    )
      throw new ApiError(409, 'whipSignalBusy');
    if (this.publishes.size + this.claiming.size >= this.options.maxPublishes)
      throw new ApiError(503, 'whipServerFull', { headers: { 'retry-after': '30' } });

    this.claiming.add(key);
    const roomKey = whipRoomKey(row, signal.id);
    try {
      const result = await core
        .publish(roomKey, offerSdp, { keyframeIntervalMs: keyframeIntervalMs(row) })
        .catch((error: unknown) => {
          if (error instanceof WebRtcError) {
            if (error.code === 'bad-offer') throw new ApiError(400, 'whipOfferInvalid');
            if (error.code === 'room-busy') throw new ApiError(409, 'whipSignalBusy');
            if (error.code === 'stopped') throw new ApiError(503, 'whipUnavailable');
          }
          throw error;
        });
      const publish: WhipPublish = {
        sessionId: result.sessionId,
        key,
        streamId: row.id,
        signalId: signal.id,
        roomKey,
        hop: null,
        hopDone: Promise.resolve(),
        ended: null,
        media: result.media,
        rtmpPort,
        restarts: [],
        lastDecoderKeyframe: 0,
      };
      this.drops.delete(`${row.id}/${signal.id}`);
      this.publishes.set(publish.sessionId, publish);
      log.info(
        { streamId: row.id, signalId: signal.id, key: maskKey(key), media: result.media.map((m) => m.name) },
        'whip publish accepted',
      );
      void this.startHop(publish, result.media, rtmpPort).catch((error: unknown) => {
        log.error({ err: error, streamId: row.id }, 'whip: could not start the hop to the RTMP ingest');
        void this.end(publish, 'hop not started');
      });
      return { sessionId: result.sessionId, answerSdp: result.answerSdp };
    } finally {
      this.claiming.delete(key);
    }
  }

  /**
   * The WHIP DELETE: ends the session when `key` is its signal's key. Answers 'ended' once the hop has
   * finished (the RTMP publish it fed is over), 'not-found' or 'forbidden'.
   */
  async delete(sessionId: string, key: string): Promise<'ended' | 'not-found' | 'forbidden'> {
    const publish = this.publishes.get(sessionId);
    if (!publish) return 'not-found';
    if (publish.key !== key) return 'forbidden';
    await this.end(publish, 'deleted');
    return 'ended';
  }

  /** Ends every WHIP publish (the server is stopping). */
  async close(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.publishes.values()].map((p) => this.end(p, 'server stopping')));
  }

  /**
   * The hop stopped on its own. While the publisher is connected and the stream still takes its
   * publish, the hop starts again (a new ffmpeg that waits for a keyframe); otherwise, or past
   * MAX_RESTARTS, the publish ends: its WebRTC session is closed (the publisher sees it and may offer
   * again) and `dropped()` says why (docs/studio.md "A hiccup is not the end").
   */
  private async hopStopped(publish: WhipPublish): Promise<void> {
    if (publish.ended) return;
    const { core, db, log } = this.options;
    const now = Date.now();
    publish.restarts = publish.restarts.filter((at) => now - at < RESTART_WINDOW_MS);
    const stillOpen = await findPublishableStreamBySignalKey(db, publish.key).catch(() => null);
    const connected = core.session(publish.sessionId) !== undefined;
    if (publish.ended) return;
    if (!stillOpen || !connected || publish.restarts.length >= MAX_RESTARTS || this.stopping) {
      // A stream that ended or a key that changed ends the publish as asked: no drop to tell.
      if (connected && stillOpen && !this.stopping) {
        this.drops.set(`${publish.streamId}/${publish.signalId}`, {
          at: new Date().toISOString(),
          reason: 'pipeline',
        });
        log.warn(
          { streamId: publish.streamId, signalId: publish.signalId, restarts: publish.restarts.length },
          'whip: publish ended by the server',
        );
      }
      await this.end(publish, 'hop stopped');
      return;
    }
    publish.restarts.push(now);
    log.info({ streamId: publish.streamId, signalId: publish.signalId }, 'whip: restarting the hop');
    await core.forward(publish.roomKey, null).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
    if (publish.ended) return;
    await this.startHop(publish, publish.media, publish.rtmpPort).catch((error: unknown) => {
      log.error({ err: error, streamId: publish.streamId }, 'whip: could not restart the hop');
      void this.end(publish, 'hop not restarted');
    });
  }

  private async startHop(publish: WhipPublish, media: MediaCodec[], rtmpPort: number): Promise<void> {
    const { log, ffmpegPath, core } = this.options;
    const ports: { video?: number; audio?: number } = {};
    for (const codec of media) ports[codec.kind] = await freePortPair();
    if (publish.ended) return;
    const rtmpUrl = `rtmp://127.0.0.1:${rtmpPort}/${INGEST_APP}/${publish.key}`;
    const hop: Hop = spawn(ffmpegPath, hopArgs(media, rtmpUrl), { stdio: ['pipe', 'ignore', 'pipe'] });
    publish.hop = hop;
    let stderr = '';
    hop.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr = (stderr + text).slice(-STDERR_TAIL);
      // The decoder lacks a picture or its parameter sets: a keyframe repairs it.
      const now = Date.now();
      if (DECODER_ERROR.test(text) && now - publish.lastDecoderKeyframe >= DECODER_KEYFRAME_GAP_MS) {
        publish.lastDecoderKeyframe = now;
        void core.requestKeyframe(publish.roomKey).catch(() => {});
      }
    });
    hop.stdin.on('error', () => {});
    publish.hopDone = new Promise<void>((resolve) => {
      hop.once('error', (error) => {
        log.error({ err: error }, 'whip: could not run ffmpeg');
        resolve();
      });
      hop.once('close', (code, signal) => {
        if (!publish.ended)
          log.warn(
            {
              streamId: publish.streamId,
              code,
              signal,
              stderr: stderr.trim().replaceAll(publish.key, maskKey(publish.key)),
            },
            'whip: the hop to the RTMP ingest stopped',
          );
        resolve();
        // The RTMP ingest ended the publish (the stream ended, the key changed) or ffmpeg failed.
        if (hop === publish.hop) void this.hopStopped(publish);
      });
    });
    hop.stdin.end(hopSdp(media, ports));
    // ffmpeg binds its ports once it has read the SDP: the first packets may come a moment early (the
    // keyframe requests that follow make up for them).
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (publish.ended) return;
    await core.forward(publish.roomKey, {
      host: '127.0.0.1',
      ...(ports.video === undefined ? {} : { video: { port: ports.video, payloadType: VIDEO_PT } }),
      ...(ports.audio === undefined ? {} : { audio: { port: ports.audio, payloadType: AUDIO_PT } }),
    });
  }

  /** Ends a publish once: the WebRTC session closes, the hop finishes its FLV (the RTMP publish ends). */
  private end(publish: WhipPublish, why: string): Promise<void> {
    publish.ended ??= (async () => {
      const { core, log } = this.options;
      await core.forward(publish.roomKey, null).catch(() => {});
      await core.close(publish.sessionId).catch(() => false);
      const hop = publish.hop;
      if (hop && hop.exitCode === null && hop.signalCode === null) {
        hop.kill('SIGINT'); // ffmpeg ends its output cleanly on SIGINT
        const timer = setTimeout(() => hop.kill('SIGKILL'), STOP_GRACE_MS);
        await publish.hopDone;
        clearTimeout(timer);
      }
      this.publishes.delete(publish.sessionId);
      log.info({ streamId: publish.streamId, signalId: publish.signalId, why }, 'whip publish ended');
    })();
    return publish.ended;
  }
}
