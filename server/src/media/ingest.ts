import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { findPublishableStreamBySignalKey } from '../db/repositories/streams.ts';
import type { Db } from '../db/schema.ts';
import type { LiveStreamRow } from '../db/tables/streams.ts';
import { maskKey, redactKeys } from '../lib/log-redaction.ts';
import { SEGMENT_SECONDS } from './ffmpeg.ts';
import { LiveMirror } from './live-sync.ts';
import {
  publishMasterWhenReady,
  type ViewerOptions,
  viewerArgs,
  viewerDir,
  viewerKey,
} from './live-viewer.ts';
import { dueForAutoStart, publishRole } from './publish-policy.ts';
import type { Amf0Object } from './rtmp/amf0.ts';
import { type PublishRequest, RtmpConnection } from './rtmp/connection.ts';
import { AUDIO, FlvFeed, type MediaPacket } from './rtmp/flv.ts';
import { SignalMeter } from './signal-health.ts';
import type { MediaStorage } from './storage.ts';

/** The RTMP application encoders publish to: `rtmp://host:port/live/{signal key}`. */
export const INGEST_APP = 'live';
/** A signal key as the server makes them (32 random bytes, base64url). */
const KEY = /^[A-Za-z0-9_-]{43}$/;
/** Live preview: segments in the playlist (a short sliding window). */
const PREVIEW_LIST_SIZE = 6;
/** How often running publishes are checked against the database (stream ended, key changed, pause). */
const RECHECK_MS = 2_000;
/** How long ffmpeg gets to finish its files after its input ends, before it is killed. */
const STOP_GRACE_MS = 10_000;

// A key in a log line: enough to tell keys apart, never enough to use one; ffmpeg's words go through
// the server's one log redaction (docs/security.md).
export { maskKey };

/** Where the live files of one stream live: `DATA_DIR/live/{accountId}/{streamId}`. */
export function liveDir(dataDir: string, accountId: string, streamId: string): string {
  return join(dataDir, 'live', accountId, streamId);
}
/** Beside a part's name in the bucket while it is being recorded (an empty object). */
export const RECORDING_MARK = '.recording';

/** A stream's recording parts in the live storage, when it is a bucket. */
export function recordingKey(accountId: string, streamId: string): string {
  return `${accountId}/${streamId}/recording`;
}

/** A signal's preview files in the live storage (`media.live`). */
export function previewKey(accountId: string, streamId: string, signalId: string): string {
  return `${accountId}/${streamId}/${signalId}`;
}

/** The live HLS preview of one signal (index.m3u8 + seg_NNNNN.ts), present only while it publishes. */
export function previewDir(dataDir: string, accountId: string, streamId: string, signalId: string): string {
  return join(liveDir(dataDir, accountId, streamId), signalId);
}
/** The live-to-VOD recording of a stream: one MPEG-TS part per publish (or per live stretch). */
export function recordingDir(dataDir: string, accountId: string, streamId: string): string {
  return join(liveDir(dataDir, accountId, streamId), 'recording');
}

/** The recording's parts, oldest first, empty ones left out. */
export async function recordingParts(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const parts: string[] = [];
  for (const name of names.filter((n) => /^part-\d{13}-\d{1,6}\.ts$/.test(n)).sort()) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && info.size > 0) parts.push(join(dir, name));
  }
  return parts;
}

type Child = ChildProcessByStdio<Writable, null, Readable>;

/** A pipe's default: the publish's video and audio copied as they come (no re-encoding). */
const COPY_ALL = ['-map', '0:v?', '-map', '0:a?', '-c', 'copy'];

/**
 * What an encoder sends to a signal now, as its stream's metadata declares it (the `@setDataFrame
 * onMetaData` message's `width`, `height` and `framerate`), not from the codec headers. Each value is
 * null until that message arrives, or when the encoder leaves it out.
 */
export interface SignalVideo {
  width: number | null;
  height: number | null;
  fps: number | null;
}

/** A metadata number, when it is one (AMF leaves out fields, or sends 0, for what it does not know). */
function known(value: unknown, decimals: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** One ffmpeg fed with the publish's FLV (a reader of its feed). */
interface Pipe {
  unsubscribe: () => void;
  child: Child;
  done: Promise<void>;
}

interface Publish {
  connection: RtmpConnection;
  /** The publish's FLV, to every ffmpeg and tap reading it. */
  feed: FlvFeed;
  /** The encoder's `onMetaData`, once it has arrived. */
  metadata: Amf0Object | null;
  /** Whether any audio arrived (an encoder may leave audio out of its metadata). */
  audio: boolean;
  key: string;
  accountId: string;
  streamId: string;
  signalId: string;
  preview: Pipe | null;
  recorder: Pipe | null;
  /** The viewers' HLS ladder (the stream's first signal only, once the stream has started). */
  viewer: Pipe | null;
  /** Set once the viewers' output was asked for (it waits a moment for the encoder's metadata). */
  viewerStarted: boolean;
  /** With a bucket as the live storage: the copies of the preview and viewer folders to it. */
  mirrors: LiveMirror[];
  /** The recording part being written now (put in the bucket when it is complete). */
  recordingPart: string | null;
  /** Outside consumers of the program (simulcast pushes: server/src/integrations/simulcast.ts). */
  taps: Set<ProgramTap>;
  /** Set when the publish is over: resolves once its ffmpeg processes have finished their files. */
  ended: Promise<void> | null;
  /** What the encoder really sends (docs/realtime.md "Signal health (`sinal_saude`)"). */
  meter: SignalMeter;
  /**
   * From when the publish counts as live minutes ingested (usage metering): its acceptance when the
   * stream was started, else the stream's start; null while it is a rehearsal (never metered).
   */
  meteredFrom: Date | null;
}

/** Where a program tap's FLV goes; `end` is called once, when the publish ends or the tap is closed. */
export interface ProgramSink {
  write(buffer: Buffer): void;
  end(): void;
}

interface ProgramTap {
  unsubscribe: () => void;
  sink: ProgramSink;
}

/** A running publish as the live monitor sees it. */
export interface ActivePublish {
  accountId: string;
  streamId: string;
  signalId: string;
  meter: SignalMeter;
}

export interface IngestOptions {
  db: Db;
  log: FastifyBaseLogger;
  dataDir: string;
  /** Where viewers' and preview files are read from: `dataDir/live` itself, or a bucket they are
   * copied to as they complete (live-sync.ts), with the recording parts once finished. */
  live?: MediaStorage;
  ffmpegPath: string;
  /** A publish to a scheduled stream with auto start, at or after its time: starts it, or undefined. */
  autoStart?: (key: string) => Promise<LiveStreamRow | undefined>;
  /**
   * A publish ended (live minutes ingested, `startedAt` being when the stream was started or the
   * publish accepted, whichever came last); called once per metered publish, its failure only logged.
   * A rehearsal that ends before the stream starts is not reported.
   */
  onEnded?: (e: {
    accountId: string;
    streamId: string;
    signalId: string;
    startedAt: Date;
    endedAt: Date;
  }) => Promise<void>;
}

/**
 * The RTMP ingest: the server's own RTMP protocol code (./rtmp/, docs/decisions.md "RTMP ingest: the
 * protocol in the server's own code"), with the decisions made here: a publish is accepted only for the key of a signal of a stream
 * that is started, or scheduled (a rehearsal); each accepted publish feeds ffmpeg as its stream's state
 * says (publish-policy.ts): the team's live HLS preview always, the viewers' output of the first signal
 * once the stream has started, its live-to-VOD recording while the stream is live. Playing over RTMP
 * is refused.
 */
export class Ingest {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly publishes = new Set<Publish>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;
  private stopping = false;
  private partCounter = 0;

  constructor(private readonly options: IngestOptions) {}

  /** Listens on `port` (0: any free port); answers the port. */
  async listen(port: number, host: string): Promise<number> {
    const { log } = this.options;
    await this.clearPreviews();
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => log.error({ err: error }, 'rtmp ingest error'));
    this.server = server;
    this.timer = setInterval(() => void this.recheck(), RECHECK_MS);
    this.timer.unref();
    const address = server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  /** Stops listening, ends every publish and waits for ffmpeg to finish its files. */
  async close(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([...this.publishes].map((p) => this.end(p)));
    await closed;
  }

  /** True while a signal of the stream is being published. */
  isPublishing(streamId: string, signalId?: string): boolean {
    return [...this.publishes].some(
      (p) =>
        p.ended === null && p.streamId === streamId && (signalId === undefined || p.signalId === signalId),
    );
  }

  /**
   * The video an encoder publishes to the signal now (size and frame rate, each null until its metadata
   * is known), or null when nothing is published to the signal.
   */
  video(streamId: string, signalId: string): SignalVideo | null {
    const publish = [...this.publishes].find(
      (p) => p.ended === null && p.streamId === streamId && p.signalId === signalId,
    );
    if (!publish) return null;
    const metadata = publish.metadata;
    return {
      width: known(metadata?.width, 0),
      height: known(metadata?.height, 0),
      fps: known(metadata?.framerate, 2),
    };
  }

  /** The streams whose program (first signal, stream started) is published to this instance now. */
  programs(): { accountId: string; streamId: string }[] {
    return [...this.publishes]
      .filter((p) => p.ended === null && p.viewerStarted)
      .map(({ accountId, streamId }) => ({ accountId, streamId }));
  }

  /**
   * Feeds the program of a stream (the publish of its first signal once the stream has started, the
   * one the viewers' output is made of) to `sink` as FLV, headers first; answers a function that
   * detaches it, or null when that publish is not running on this instance. The sink is ended when the
   * publish ends.
   */
  tapProgram(streamId: string, sink: ProgramSink): (() => void) | null {
    const publish = [...this.publishes].find(
      (p) => p.ended === null && p.streamId === streamId && p.viewerStarted,
    );
    if (!publish) return null;
    const tap: ProgramTap = { unsubscribe: publish.feed.subscribe((buffer) => sink.write(buffer)), sink };
    publish.taps.add(tap);
    return () => this.untap(publish, tap);
  }

  private untap(publish: Publish, tap: ProgramTap): void {
    if (!publish.taps.delete(tap)) return;
    tap.unsubscribe();
    tap.sink.end();
  }

  /** Every publish running now, with its meter. */
  active(): ActivePublish[] {
    return [...this.publishes]
      .filter((p) => p.ended === null)
      .map(({ accountId, streamId, signalId, meter }) => ({ accountId, streamId, signalId, meter }));
  }

  /**
   * Whether the stream has a live-to-VOD recording to make a video of: a part on disk, or a recorder
   * running now.
   */
  async hasRecording(accountId: string, streamId: string): Promise<boolean> {
    if ([...this.publishes].some((p) => p.streamId === streamId && p.recorder !== null)) return true;
    const parts = await recordingParts(recordingDir(this.options.dataDir, accountId, streamId));
    if (parts.length > 0) return true;
    const { live } = this.options;
    return live?.remote ? (await live.list(recordingKey(accountId, streamId))).length > 0 : false;
  }

  /** Ends every publish of the stream here (it finished) and waits until its files are complete. */
  async stopStream(streamId: string): Promise<void> {
    await Promise.all([...this.publishes].filter((p) => p.streamId === streamId).map((p) => this.end(p)));
  }

  /** The stream changed state (start, pause, resume, complete): apply it to its publishes now. */
  async streamChanged(streamId: string): Promise<void> {
    await Promise.all(
      [...this.publishes]
        .filter((p) => p.streamId === streamId && p.ended === null)
        .map((p) => this.check(p)),
    );
  }

  // ---- connections ----

  private accept(socket: Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setTimeout(30_000, () => socket.destroy());
    let publish: Publish | null = null;
    const connection: RtmpConnection = new RtmpConnection(socket, {
      onPublish: async (request) => {
        publish = await this.take(connection, request);
        return publish !== null;
      },
      onMedia: (packet) => {
        if (publish) this.onMedia(publish, packet);
      },
      // Malformed input ends the connection, never the server.
      onProtocolError: (error) =>
        this.options.log.debug({ err: error }, 'rtmp: malformed input, connection closed'),
    });
  }

  private onMedia(publish: Publish, packet: MediaPacket): void {
    if (packet.metadata) publish.metadata = packet.metadata;
    if (packet.type === AUDIO) publish.audio = true;
    publish.meter.onPacket(packet);
    publish.feed.push(packet);
  }

  /**
   * Decides a publish: the key must be a signal key of a stream that may be fed now, and nothing else
   * publishes to that signal here (one publisher per signal). Answers the running publish, or null.
   */
  private async take(connection: RtmpConnection, request: PublishRequest): Promise<Publish | null> {
    const { log } = this.options;
    const key = request.name;
    if (request.app !== INGEST_APP || !KEY.test(key)) {
      log.info({ app: redactKeys(request.app), key: maskKey(key) }, 'rtmp publish refused: bad path');
      return null;
    }
    const row = await this.publishable(key).catch((error: unknown) => {
      log.error({ err: error }, 'rtmp: could not check a publish');
      return null;
    });
    if (row === null) return null;
    if (!row) {
      log.info({ key: maskKey(key) }, 'rtmp publish refused: no started or scheduled stream has this key');
      return null;
    }
    const signal = row.signals.find((s) => s.key === key);
    if (!signal || connection.socket.destroyed || this.stopping) return null;
    // Checked and taken in one step: of two encoders with one key, the first answered wins.
    if ([...this.publishes].some((p) => p.key === key && p.ended === null)) {
      log.info({ key: maskKey(key) }, 'rtmp publish refused: the signal already has a publisher');
      return null;
    }
    const publish: Publish = {
      connection,
      feed: new FlvFeed(),
      metadata: null,
      audio: false,
      key,
      accountId: row.account_id,
      streamId: row.id,
      signalId: signal.id,
      preview: null,
      recorder: null,
      viewer: null,
      viewerStarted: false,
      mirrors: [],
      recordingPart: null,
      taps: new Set(),
      ended: null,
      meter: new SignalMeter(),
      meteredFrom: null,
    };
    this.publishes.add(publish);
    connection.socket.on('close', () => void this.end(publish));
    log.info(
      { streamId: row.id, signalId: signal.id, key: maskKey(key), rehearsal: row.status === 'scheduled' },
      'rtmp publish accepted',
    );
    // An encoder that reconnects at once (the WHIP hop restarting, an encoder's quick retry) finds its
    // previous publish still finishing its files: that one removes the signal's preview and the viewers'
    // folders when it is done, so this one starts its outputs only after it.
    const finishing = [...this.publishes].filter(
      (p) => p.ended !== null && p.streamId === row.id && p.signalId === signal.id,
    );
    void Promise.all(finishing.map((p) => p.ended))
      .then(() => this.startPreview(publish))
      .then(() => this.apply(publish, row))
      .catch((error: unknown) => log.error({ err: error }, 'rtmp: could not start a publish’s outputs'));
    return publish;
  }

  // ---- ffmpeg ----

  private async startPreview(publish: Publish): Promise<void> {
    if (publish.ended) return;
    const dir = previewDir(this.options.dataDir, publish.accountId, publish.streamId, publish.signalId);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    if (publish.ended) return;
    this.mirror(publish, dir, previewKey(publish.accountId, publish.streamId, publish.signalId));
    publish.preview = this.pipe(publish, 'preview', [
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_list_size',
      String(PREVIEW_LIST_SIZE),
      '-hls_flags',
      'delete_segments+independent_segments+temp_file',
      '-hls_segment_filename',
      join(dir, 'seg_%05d.ts'),
      join(dir, 'index.m3u8'),
    ]);
  }

  /**
   * The viewers' output of the stream's first signal, packaged as the stream's latency, DVR and
   * audio-only settings say when the publish starts (docs/playback.md "Live packaging").
   */
  private async startViewer(publish: Publish, row: LiveStreamRow): Promise<void> {
    if (publish.ended) return;
    const dir = viewerDir(this.options.dataDir, publish.accountId, publish.streamId);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    // Whether there is audio comes from the encoder's onMetaData, which can follow the publish by a
    // moment: wait for it a little (a publish without metadata or audio is packaged as video only).
    for (let i = 0; i < 30 && !publish.ended && publish.metadata === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (publish.ended) return;
    const metadata = publish.metadata;
    const options: ViewerOptions = {
      latency: row.latency,
      dvr: row.transcode.enableDvr,
      audioOnly: row.transcode.enableAudioOnly,
      hasAudio: typeof metadata?.audiocodecid === 'number' || publish.audio,
      width: known(metadata?.width, 0),
      height: known(metadata?.height, 0),
    };
    const { live } = this.options;
    if (live?.remote) await live.removePrefix(viewerKey(publish.accountId, publish.streamId));
    if (publish.ended) return;
    this.mirror(publish, dir, viewerKey(publish.accountId, publish.streamId));
    publish.viewer = this.pipe(publish, 'viewer', viewerArgs(dir, options), []);
    void publishMasterWhenReady(dir, options, () => publish.ended !== null).catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'rtmp: could not write the viewers’ master playlist'),
    );
  }

  /**
   * Applies the stream's state to a publish: meters it from the start, starts the viewers' output
   * once the stream has started (a rehearsal's encoder goes on air without reconnecting), starts or
   * stops the recorder.
   */
  private async apply(publish: Publish, row: LiveStreamRow | undefined): Promise<void> {
    if (publish.ended) return;
    if (!row || row.id !== publish.streamId || !row.signals.some((s) => s.id === publish.signalId)) {
      // The stream ended, or this key is no longer one of its signals' keys.
      this.options.log.info(
        { streamId: publish.streamId, key: maskKey(publish.key) },
        'rtmp publish ended by the server',
      );
      publish.connection.socket.destroy();
      await this.end(publish);
      return;
    }
    const role = publishRole(row, publish.signalId);
    if (role.metered) publish.meteredFrom ??= new Date();
    if (role.viewers && !publish.viewerStarted) {
      publish.viewerStarted = true;
      void this.startViewer(publish, row).catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'rtmp: could not start the viewers’ output'),
      );
    }
    const record = role.record;
    if (record && !publish.recorder) {
      const dir = recordingDir(this.options.dataDir, publish.accountId, publish.streamId);
      await mkdir(dir, { recursive: true });
      if (publish.ended || publish.recorder) return;
      this.partCounter = (this.partCounter + 1) % 1_000_000;
      const part = join(dir, `part-${String(Date.now()).padStart(13, '0')}-${this.partCounter}.ts`);
      publish.recorder = this.pipe(publish, 'recorder', ['-f', 'mpegts', part]);
      publish.recordingPart = part;
      // With a bucket, a marker says a part is being recorded here: the stream's completion, on any
      // instance, knows there is a recording, and its job waits for the part (live-recording.ts).
      const { live } = this.options;
      if (live?.remote) {
        await live
          .putBytes(
            `${recordingKey(publish.accountId, publish.streamId)}/${basename(part)}${RECORDING_MARK}`,
            '',
          )
          .catch((error: unknown) =>
            this.options.log.warn({ err: error }, 'live: could not mark a recording'),
          );
      }
    } else if (!record && publish.recorder) {
      const recorder = publish.recorder;
      publish.recorder = null;
      await this.stopPipe(recorder);
      await this.storeRecordingPart(publish);
    }
  }

  /** With a bucket as the live storage, copies a folder ffmpeg writes to it while the publish runs. */
  private mirror(publish: Publish, dir: string, prefix: string): void {
    const { live, log } = this.options;
    if (!live?.remote) return;
    const mirror = new LiveMirror(live, dir, prefix, log);
    publish.mirrors.push(mirror);
    mirror.start();
  }

  /** A finished recording part goes to the bucket, where any instance's job finds it. */
  private async storeRecordingPart(publish: Publish): Promise<void> {
    const part = publish.recordingPart;
    publish.recordingPart = null;
    const { live, log } = this.options;
    if (!part || !live?.remote) return;
    const key = `${recordingKey(publish.accountId, publish.streamId)}/${basename(part)}`;
    const info = await stat(part).catch(() => null);
    if (info && info.size > 0) {
      await live
        .putFile(key, part)
        .catch((error: unknown) => log.error({ err: error, part }, 'live: could not store a recording part'));
    }
    await live.remove(`${key}${RECORDING_MARK}`).catch(() => {});
  }

  private async check(publish: Publish): Promise<void> {
    await this.apply(publish, await this.publishable(publish.key));
  }

  /**
   * The stream a publish with this key may feed now, or undefined. A scheduled stream with auto start
   * whose time has come is started by it, whether the publish is new or a rehearsal still running.
   */
  private async publishable(key: string): Promise<LiveStreamRow | undefined> {
    const row = await findPublishableStreamBySignalKey(this.options.db, key);
    if (row && dueForAutoStart(row)) return (await this.options.autoStart?.(key)) ?? row;
    return row;
  }

  private async recheck(): Promise<void> {
    if (this.checking || this.stopping) return;
    this.checking = true;
    try {
      for (const publish of this.publishes) {
        if (publish.ended === null) await this.check(publish);
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'rtmp: could not check the running publishes');
    } finally {
      this.checking = false;
    }
  }

  /** Ends a publish: both ffmpeg processes finish their files, then the preview is removed. */
  private end(publish: Publish): Promise<void> {
    publish.ended ??= (async () => {
      const pipes = [publish.preview, publish.recorder, publish.viewer].filter((p): p is Pipe => p !== null);
      publish.recorder = null;
      for (const tap of [...publish.taps]) this.untap(publish, tap);
      await Promise.all(pipes.map((p) => this.stopPipe(p)));
      await this.storeRecordingPart(publish);
      await Promise.all(publish.mirrors.map((m) => m.stop()));
      const { live } = this.options;
      if (live?.remote) {
        await live
          .removePrefix(previewKey(publish.accountId, publish.streamId, publish.signalId))
          .catch(() => {});
        if (publish.viewerStarted)
          await live.removePrefix(viewerKey(publish.accountId, publish.streamId)).catch(() => {});
      }
      await rm(previewDir(this.options.dataDir, publish.accountId, publish.streamId, publish.signalId), {
        recursive: true,
        force: true,
      });
      if (publish.viewerStarted) {
        await rm(viewerDir(this.options.dataDir, publish.accountId, publish.streamId), {
          recursive: true,
          force: true,
        });
      }
      // The stream's folder goes too when nothing else is in it (no recording).
      await rmdir(liveDir(this.options.dataDir, publish.accountId, publish.streamId)).catch(() => {});
      this.publishes.delete(publish);
      this.options.log.info({ streamId: publish.streamId, signalId: publish.signalId }, 'rtmp publish ended');
      const { accountId, streamId, signalId, meteredFrom } = publish;
      if (!meteredFrom) return; // a rehearsal only: nothing went on air
      await this.options
        .onEnded?.({ accountId, streamId, signalId, startedAt: meteredFrom, endedAt: new Date() })
        .catch((error: unknown) =>
          this.options.log.error({ err: error, streamId }, 'could not meter a publish'),
        );
    })();
    return publish.ended;
  }

  /** An ffmpeg reading the publish's FLV on stdin. */
  private pipe(publish: Publish, label: string, output: string[], codecs = COPY_ALL): Pipe {
    const { log, ffmpegPath } = this.options;
    const child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'flv', '-i', 'pipe:0'],
        ...codecs,
        ...output,
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.stdin.on('error', () => {}); // ffmpeg gone: its exit is reported below
    const done = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        log.error({ err: error, label }, 'rtmp: could not run ffmpeg');
        resolve();
      });
      child.once('close', (code, signal) => {
        if (code !== 0 && !(publish.ended && signal === 'SIGKILL')) {
          log.warn({ label, code, signal, stderr: redactKeys(stderr.trim()) }, 'rtmp: ffmpeg stopped');
        }
        resolve();
      });
    });
    const unsubscribe = publish.feed.subscribe((buffer) => {
      if (!child.stdin.destroyed && child.stdin.writable) child.stdin.write(buffer);
    });
    return { unsubscribe, child, done };
  }

  /** Detaches the pipe, lets ffmpeg finish on end of input, kills it if it does not. */
  private async stopPipe(pipe: Pipe): Promise<void> {
    pipe.unsubscribe();
    pipe.child.stdin.end();
    const timer = setTimeout(() => pipe.child.kill('SIGKILL'), STOP_GRACE_MS);
    try {
      await pipe.done;
    } finally {
      clearTimeout(timer);
    }
  }

  /** At start nothing publishes: previews left by a stopped process are removed (recordings stay). */
  private async clearPreviews(): Promise<void> {
    const root = join(this.options.dataDir, 'live');
    const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
    for (const account of await list(root)) {
      for (const stream of await list(join(root, account))) {
        for (const entry of await list(join(root, account, stream))) {
          if (entry !== 'recording')
            await rm(join(root, account, stream, entry), { recursive: true, force: true });
        }
      }
    }
  }
}
