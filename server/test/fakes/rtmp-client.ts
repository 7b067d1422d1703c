import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { type Amf0Value, decodeAmf0, encodeAmf0 } from '../../src/media/rtmp/amf0.ts';
import { ChunkReader, encodeMessage, type RtmpMessage } from '../../src/media/rtmp/chunks.ts';

/**
 * A scripted RTMP client for the tests that need to see what the server answers at each step (ffmpeg
 * only says whether it succeeded): the plain handshake, then commands written and the server's
 * messages read with the server's own chunk code.
 */
export class RtmpTestClient {
  /** Every message the server sent, commands decoded. */
  readonly received: { message: RtmpMessage; values: Amf0Value[] | null }[] = [];
  readonly closed: Promise<void>;
  private readonly reader = new ChunkReader((message) => this.onMessage(message), 1024 * 1024);
  private waiters: (() => void)[] = [];
  private handshake = Buffer.alloc(0);
  private shaken = false;

  private constructor(readonly socket: Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.on('data', (data: Buffer) => this.onData(data));
    socket.on('close', () => this.wake());
  }

  static async open(port: number, c1 = plainC1()): Promise<RtmpTestClient> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const client = new RtmpTestClient(socket);
    socket.write(Buffer.concat([Buffer.from([3]), c1]));
    await client.until(() => client.shaken, 'the handshake');
    return client;
  }

  /** S0+S1+S2 as the server sent them (kept for the handshake tests). */
  serverHandshake = Buffer.alloc(0);

  private onData(data: Buffer): void {
    if (!this.shaken) {
      this.handshake = Buffer.concat([this.handshake, data]);
      if (this.handshake.length < 1 + 2 * 1536) return;
      this.serverHandshake = this.handshake.subarray(0, 1 + 2 * 1536);
      this.socket.write(this.serverHandshake.subarray(1, 1 + 1536)); // C2 echoes S1
      this.shaken = true;
      const rest = this.handshake.subarray(1 + 2 * 1536);
      this.wake();
      if (rest.length > 0) this.reader.push(rest);
      return;
    }
    this.reader.push(data);
  }

  private onMessage(message: RtmpMessage): void {
    const values = message.type === 20 ? decodeAmf0(message.payload) : null;
    this.received.push({ message, values });
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Waits until `done()` holds (re-checked on every message), failing after 5 s. */
  async until(done: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`RTMP test client: no ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first command the server sent with this name (and, for onStatus, this code). */
  command(name: string, code?: string): Amf0Value[] | undefined {
    return (
      this.received.find(
        ({ values }) =>
          values?.[0] === name &&
          (code === undefined || (values[3] as { code?: string } | undefined)?.code === code),
      )?.values ?? undefined
    );
  }

  async waitCommand(name: string, code?: string): Promise<Amf0Value[]> {
    await this.until(() => this.command(name, code) !== undefined, `${name} ${code ?? ''}`);
    return this.command(name, code) as Amf0Value[];
  }

  /** Writes a command on chunk stream 3 of message stream `streamId`. */
  send(streamId: number, ...values: Amf0Value[]): void {
    this.write(3, 20, streamId, encodeAmf0(...values));
  }

  write(chunkStream: number, type: number, streamId: number, payload: Buffer, timestamp = 0): void {
    this.socket.write(encodeMessage(chunkStream, { type, streamId, timestamp, payload }, 128));
  }

  /** connect, then createStream (message stream 1), each answered: a client ready to publish. */
  async prepare(app: string): Promise<void> {
    this.send(0, 'connect', 1, { app, tcUrl: `rtmp://127.0.0.1/${app}`, type: 'nonprivate' });
    await this.waitCommand('_result');
    this.send(0, 'createStream', 2, null);
    await this.until(
      () => this.received.filter(({ values }) => values?.[0] === '_result').length >= 2,
      'createStream',
    );
  }

  /** What an encoder does before its media: connect, releaseStream, FCPublish, createStream, publish. */
  async publish(app: string, name: string): Promise<void> {
    await this.prepare(app);
    this.publishPrepared(name);
  }

  /** publish on a prepared client (prepare). */
  publishPrepared(name: string): void {
    this.send(0, 'releaseStream', 3, null, name);
    this.send(0, 'FCPublish', 4, null, name);
    this.send(1, 'publish', 5, null, name, 'live');
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A C1 without a digest: time, zero, random. */
export function plainC1(): Buffer {
  const c1 = randomBytes(1536);
  c1.writeUInt32BE(0, 0);
  c1.writeUInt32BE(0, 4);
  return c1;
}
