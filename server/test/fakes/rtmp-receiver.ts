import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { RtmpConnection } from '../../src/media/rtmp/connection.ts';
import { FlvFeed } from '../../src/media/rtmp/flv.ts';

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
 * the same RTMP protocol code as Palco's ingest (server/src/media/rtmp/), each accepted publish written
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
    const feed = new FlvFeed();
    // A refused key never gets 'NetStream.Publish.Start' (the client's publish fails before any media).
    new RtmpConnection(socket, {
      onPublish: async ({ app, name }) => {
        const accept = this.options.accept ?? (() => true);
        if (socket.destroyed || !accept(app, name)) return false;
        this.counter += 1;
        const file = join(this.options.dir, `${app}-${name}-${this.counter}.flv`);
        const out = createWriteStream(file);
        this.files.add(out);
        const publish: ReceivedPublish = { app, key: name, file, bytes: 0, ended: false };
        this.publishes.push(publish);
        const stop = feed.subscribe((buffer) => {
          publish.bytes += buffer.length;
          out.write(buffer);
        });
        socket.on('close', () => {
          stop();
          out.end(() => {
            this.files.delete(out);
            publish.ended = true;
          });
        });
        for (const listener of this.listeners) listener(publish);
        return true;
      },
      onMedia: (packet) => feed.push(packet),
    });
  }
}
