import type { Socket } from 'node:net';
import { type Amf0Object, type Amf0Value, decodeAmf0, encodeAmf0 } from './amf0.ts';
import { ChunkReader, encodeMessage, type RtmpMessage, RtmpProtocolError } from './chunks.ts';
import { classify, type MediaPacket } from './flv.ts';
import { HANDSHAKE_SIZE, RTMP_VERSION, serverHandshake } from './handshake.ts';

/**
 * One encoder's RTMP connection, publish only (docs/api-streams.md "Ingest (RTMP)"): the handshake,
 * the chunk stream, the commands an encoder sends (`connect`, `releaseStream`, `FCPublish`,
 * `createStream`, `publish`, `FCUnpublish`, `deleteStream`) and its media. Whether a publish is taken
 * is the owner's answer (`onPublish`, asynchronous: the key is checked in the database); the encoder
 * hears `NetStream.Publish.Start` only once it is, and `NetStream.Publish.BadName` when it is not.
 * Playing is refused. Malformed input, an over-long message or a broken rule closes the connection;
 * nothing here throws to the caller.
 */

export interface PublishRequest {
  /** The application of the connect URL (`live` in `rtmp://host/live`). */
  app: string;
  /** The stream name the encoder publishes, without any `?query` it appended. */
  name: string;
}

export interface RtmpConnectionHandlers {
  /** A publish is asked for: answer whether it is taken. Asked once per connection. */
  onPublish(request: PublishRequest): Promise<boolean>;
  /** A media or data message of the accepted publish, in order. */
  onMedia(packet: MediaPacket): void;
  /** Debug-level details of why a connection was closed (malformed input). */
  onProtocolError?(error: Error): void;
}

// Message types (RTMP 1.0 section 5.4 and 7.1).
const ACKNOWLEDGEMENT = 3;
const USER_CONTROL = 4;
const WINDOW_ACK_SIZE = 5;
const SET_PEER_BANDWIDTH = 6;
const AUDIO = 8;
const VIDEO = 9;
const DATA_AMF3 = 15;
const COMMAND_AMF3 = 17;
const DATA_AMF0 = 18;
const COMMAND_AMF0 = 20;
const SET_CHUNK_SIZE = 1;

/** What the server tells the encoder, and its own outgoing chunk size. */
const WINDOW = 5_000_000;
const OUT_CHUNK_SIZE = 4096;
/** Before a publish is taken a client sends commands only: small. */
const MAX_COMMAND_BYTES = 64 * 1024;
/** A media message (a keyframe of a high-bitrate 4K picture is a few MB): the protocol's own limit. */
const MAX_MEDIA_BYTES = 0xffffff;
/** Media held while the publish is being checked (encoders wait for the answer; some do not). */
const MAX_PENDING_PACKETS = 5_000;
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** Message streams one connection may create (an encoder creates one). */
const MAX_STREAMS = 8;
const NAME_MAX = 256;

type State = 'handshake' | 'handshake-ack' | 'connected';
type PublishState = 'none' | 'checking' | 'publishing' | 'refused';

export class RtmpConnection {
  private state: State = 'handshake';
  private handshake: Buffer[] = [];
  private handshakeBytes = 0;
  private readonly reader: ChunkReader;
  private app: string | null = null;
  private streams = 0;
  private publishState: PublishState = 'none';
  private publishStream = 0;
  private pending: MediaPacket[] = [];
  private pendingBytes = 0;
  private received = 0;
  private acknowledged = 0;
  private ackWindow = 0;

  constructor(
    readonly socket: Socket,
    private readonly handlers: RtmpConnectionHandlers,
  ) {
    this.reader = new ChunkReader((message) => this.onMessage(message), MAX_COMMAND_BYTES);
    socket.on('data', (data: Buffer) => {
      try {
        this.onData(data);
      } catch (error) {
        this.fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', () => socket.destroy());
  }

  /** Ends the connection once what was written is sent; a client that does not close is cut off. */
  private close(): void {
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  private fail(error: Error): void {
    this.handlers.onProtocolError?.(error);
    this.socket.destroy();
  }

  private onData(data: Buffer): void {
    if (this.socket.destroyed) return;
    this.received += data.length;
    let rest = data;
    while (this.state !== 'connected' && rest.length > 0) rest = this.readHandshake(rest);
    if (rest.length > 0) this.reader.push(rest);
    if (this.ackWindow > 0 && this.received - this.acknowledged >= this.ackWindow) {
      this.acknowledged = this.received;
      const body = Buffer.alloc(4);
      body.writeUInt32BE(this.received % 2 ** 32);
      this.send(2, ACKNOWLEDGEMENT, 0, body);
    }
  }

  /** Takes C0+C1 (answers S0+S1+S2), then C2; answers the bytes after the part it completed. */
  private readHandshake(data: Buffer): Buffer {
    const need = (this.state === 'handshake' ? 1 : 0) + HANDSHAKE_SIZE - this.handshakeBytes;
    const take = data.subarray(0, need);
    this.handshake.push(take);
    this.handshakeBytes += take.length;
    if (take.length < need) return Buffer.alloc(0);
    const whole = Buffer.concat(this.handshake);
    this.handshake = [];
    this.handshakeBytes = 0;
    if (this.state === 'handshake') {
      if (whole[0] !== RTMP_VERSION) throw new RtmpProtocolError(`RTMP: version ${whole[0]} is not 3`);
      this.socket.write(serverHandshake(whole.subarray(1)));
      this.state = 'handshake-ack';
    } else {
      this.state = 'connected'; // C2: its content is the client's business
    }
    return data.subarray(need);
  }

  private onMessage(message: RtmpMessage): void {
    switch (message.type) {
      case WINDOW_ACK_SIZE:
        if (message.payload.length >= 4) this.ackWindow = message.payload.readUInt32BE(0);
        return;
      case USER_CONTROL:
        // A ping request (event 6) is answered with its timestamp (event 7).
        if (message.payload.length >= 6 && message.payload.readUInt16BE(0) === 6) {
          const pong = Buffer.alloc(6);
          pong.writeUInt16BE(7, 0);
          message.payload.copy(pong, 2, 2, 6);
          this.send(2, USER_CONTROL, 0, pong);
        }
        return;
      case COMMAND_AMF0:
        this.onCommand(decodeAmf0(message.payload), message.streamId);
        return;
      case COMMAND_AMF3:
        // An AMF3 command message is AMF0 after one format byte.
        this.onCommand(decodeAmf0(message.payload.subarray(1)), message.streamId);
        return;
      case AUDIO:
      case VIDEO:
      case DATA_AMF0:
      case DATA_AMF3:
        this.onMediaMessage(message);
        return;
      default:
        return; // acknowledgements, peer bandwidth, aggregates, shared objects: nothing to do
    }
  }

  private onCommand(values: Amf0Value[], streamId: number): void {
    const [name, transaction] = values;
    if (typeof name !== 'string') throw new RtmpProtocolError('RTMP: a command without a name');
    const id = typeof transaction === 'number' ? transaction : 0;
    switch (name) {
      case 'connect': {
        const properties = values[2];
        if (this.app !== null) throw new RtmpProtocolError('RTMP: connect twice');
        if (!isObject(properties) || typeof properties.app !== 'string')
          throw new RtmpProtocolError('RTMP: connect without an application');
        // "live/" (some encoders keep the slash) and "live?…" both name the application "live".
        this.app = properties.app.split('?')[0]?.replace(/\/+$/, '').slice(0, NAME_MAX) ?? '';
        this.sendNumber(WINDOW_ACK_SIZE, WINDOW);
        const bandwidth = Buffer.alloc(5);
        bandwidth.writeUInt32BE(WINDOW, 0);
        bandwidth[4] = 2; // dynamic
        this.send(2, SET_PEER_BANDWIDTH, 0, bandwidth);
        this.sendNumber(SET_CHUNK_SIZE, OUT_CHUNK_SIZE);
        this.command(
          0,
          '_result',
          id,
          { fmsVer: 'FMS/3,0,1,123', capabilities: 31 },
          {
            level: 'status',
            code: 'NetConnection.Connect.Success',
            description: 'Connection succeeded.',
            objectEncoding: typeof properties.objectEncoding === 'number' ? properties.objectEncoding : 0,
          },
        );
        return;
      }
      case 'createStream':
        if (this.app === null) throw new RtmpProtocolError('RTMP: createStream before connect');
        if (this.streams >= MAX_STREAMS) throw new RtmpProtocolError('RTMP: too many streams');
        this.streams += 1;
        this.command(0, '_result', id, null, this.streams);
        return;
      case 'publish': {
        const stream = values[3];
        if (this.app === null || typeof stream !== 'string' || streamId < 1 || streamId > this.streams)
          throw new RtmpProtocolError('RTMP: publish without a connection, a stream or a name');
        if (this.publishState !== 'none') return; // one publish per connection: a repeat is ignored
        this.publishState = 'checking';
        this.publishStream = streamId;
        const request = { app: this.app, name: (stream.split('?')[0] ?? '').slice(0, NAME_MAX) };
        this.handlers.onPublish(request).then(
          (taken) => this.answerPublish(taken, request),
          () => this.answerPublish(false, request),
        );
        return;
      }
      case 'play':
        this.status(streamId, 'error', 'NetStream.Play.Failed', 'Playback is not offered here.');
        this.close();
        return;
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        // The encoder stops: its publish ends with the connection.
        if (this.publishState !== 'none') this.close();
        return;
      default:
        return; // releaseStream, FCPublish, _checkbw…: nothing is owed
    }
  }

  private answerPublish(taken: boolean, request: PublishRequest): void {
    if (this.socket.destroyed) return;
    if (!taken) {
      this.publishState = 'refused';
      this.pending = [];
      this.status(this.publishStream, 'error', 'NetStream.Publish.BadName', 'Publish refused.');
      this.close();
      return;
    }
    this.publishState = 'publishing';
    this.reader.maxMessage = MAX_MEDIA_BYTES;
    this.status(
      this.publishStream,
      'status',
      'NetStream.Publish.Start',
      `/${request.app}/… is now published.`,
    );
    for (const packet of this.pending.splice(0)) this.handlers.onMedia(packet);
    this.pendingBytes = 0;
  }

  private onMediaMessage(message: RtmpMessage): void {
    if (message.streamId !== this.publishStream || this.publishState === 'none') return;
    // An AMF3 data message is AMF0 after one format byte.
    const type = message.type === DATA_AMF3 ? DATA_AMF0 : message.type;
    const payload = message.type === DATA_AMF3 ? message.payload.subarray(1) : message.payload;
    const packet = classify(type, message.timestamp, payload);
    if (!packet) return;
    if (this.publishState === 'publishing') this.handlers.onMedia(packet);
    else if (
      this.publishState === 'checking' &&
      this.pending.length < MAX_PENDING_PACKETS &&
      this.pendingBytes + payload.length <= MAX_PENDING_BYTES
    ) {
      this.pending.push(packet);
      this.pendingBytes += payload.length;
    }
  }

  private send(chunkStreamId: number, type: number, streamId: number, payload: Buffer): void {
    if (this.socket.destroyed || !this.socket.writable) return;
    this.socket.write(
      encodeMessage(chunkStreamId, { type, streamId, timestamp: 0, payload }, OUT_CHUNK_SIZE),
    );
  }

  private sendNumber(type: number, value: number): void {
    const body = Buffer.alloc(4);
    body.writeUInt32BE(value);
    this.send(2, type, 0, body);
  }

  private command(streamId: number, name: string, transaction: number, ...args: Amf0Value[]): void {
    this.send(3, COMMAND_AMF0, streamId, encodeAmf0(name, transaction, ...args));
  }

  private status(streamId: number, level: 'status' | 'error', code: string, description: string): void {
    this.command(streamId, 'onStatus', 0, null, { level, code, description });
  }
}

function isObject(value: Amf0Value): value is Amf0Object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
