import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import Context from 'node-media-server/src/core/context.js';
import BroadcastServer from 'node-media-server/src/server/broadcast_server.js';
import BaseSession from 'node-media-server/src/session/base_session.js';
import RtmpSession from 'node-media-server/src/session/rtmp_session.js';

/** One publish the receiver took: where it went and the FLV file it was written to. */
export interface ReceivedPublish {
  app: string;
  key: string;
  /** The FLV the publish was recorded to (ffprobe it). */
  file: string;
  /** FLV bytes written so far. */
  bytes: number;
  /** Set when the publisher disconnected and the file is complete. */
  ended: boolean;
}

export interface RtmpReceiverOptions {
  /** Where the FLV files go. */
  dir: string;
  /** Whether a publish to `app/key` is taken (a provider's unknown stream key is refused); default all. */
  accept?: (app: string, key: string) => boolean;
}

/**
 * A local RTMP server standing in for a provider's ingestion endpoint (YouTube's
 * `rtmp://a.rtmp.youtube.com/live2/{key}`, Facebook's `rtmps://live-api-s.facebook.com:443/rtmp/{key}`):
 * the same RTMP protocol code as Palco's ingest (node-media-server), each accepted publish written
 * as it comes to an FLV file, so a test can ffprobe what a simulcast really sent.
 */
export class RtmpReceiver {
  readonly publishes: ReceivedPublish[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly files = new Set<WriteStream>();
  private listeners: ((publish: ReceivedPublish) => void)[] = [];
  private counter = 0;
  port = 0;

  constructor(private readonly options: RtmpReceiverOptions) {}

  async listen(host = '127.0.0.1'): Promise<string> {
    await mkdir(this.options.dir, { recursive: true });
    const server = createServer((socket) => this.accept(socket));
    server.listen(0, host);
    await once(server, 'listening');
    this.server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `rtmp://${host}:${this.port}`;
  }

  /** Calls `listener` on every accepted publish (a provider's stream becomes active). */
  onPublish(listener: (publish: ReceivedPublish) => void): void {
    this.listeners.push(listener);
  }

  /** The publishes received for a key, oldest first. */
  received(key: string): ReceivedPublish[] {
    return this.publishes.filter((p) => p.key === key);
  }

  /** Drops every connection now (a provider's ingest going away mid-live). */
  dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.dropAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([...this.files].map((f) => new Promise<void>((resolve) => f.end(() => resolve()))));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    const session = new RtmpSession(socket);
    session.run();
    Context.sessions.set(session.id, session);
    // Each connection gets a broadcast of its own, never shared with Palco's ingest in the same process.
    const onConnect = session.rtmp.onConnectCallback;
    session.rtmp.onConnectCallback = (req) => {
      onConnect(req);
      if (socket.destroyed) return;
      const shared = Context.broadcasts.get(session.streamPath);
      if (shared === session.broadcast && !shared.publisher && shared.subscribers.size === 0) {
        Context.broadcasts.delete(session.streamPath);
      }
      session.broadcast = new BroadcastServer(session.streamPath);
    };
    session.rtmp.onPlayCallback = () => socket.destroy();
    // A refused key never gets 'NetStream.Publish.Start' (the client's publish fails before any media).
    const protocol = session.rtmp as unknown as {
      respondPublish(): void;
      streamApp: string;
      streamName: string;
    };
    const respondPublish = protocol.respondPublish.bind(protocol);
    protocol.respondPublish = () => {
      const accept = this.options.accept ?? (() => true);
      if (accept(protocol.streamApp, protocol.streamName)) respondPublish();
      else socket.destroy();
    };
    const onPush = session.rtmp.onPushCallback;
    session.rtmp.onPushCallback = () => {
      if (socket.destroyed) return;
      onPush();
      if (!session.isPublisher) return;
      this.counter += 1;
      const file = join(this.options.dir, `${session.streamApp}-${session.streamName}-${this.counter}.flv`);
      const out = createWriteStream(file);
      this.files.add(out);
      const publish: ReceivedPublish = {
        app: session.streamApp,
        key: session.streamName,
        file,
        bytes: 0,
        ended: false,
      };
      this.publishes.push(publish);
      const subscriber = new BaseSession();
      subscriber.protocol = 'flv';
      subscriber.ip = '';
      subscriber.streamPath = session.streamPath;
      subscriber.sendBuffer = (buffer: Buffer) => {
        publish.bytes += buffer.length;
        out.write(buffer);
      };
      session.broadcast.postPlay(subscriber);
      socket.on('close', () => {
        session.broadcast.donePlay(subscriber);
        out.end(() => {
          this.files.delete(out);
          publish.ended = true;
        });
      });
      for (const listener of this.listeners) listener(publish);
    };
  }
}
