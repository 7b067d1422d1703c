/**
 * RTMP's chunk stream (the RTMP 1.0 specification, section 5.3): messages are cut into chunks of the
 * sender's chunk size, each chunk led by a header that names its chunk stream and repeats only what
 * changed since that stream's previous message. `ChunkReader` reassembles the messages a client sends;
 * `encodeMessage` cuts one the server sends. The reader takes each byte once (headers byte by byte,
 * payloads as slices of what the socket read, joined once per message) and is bounded: message length,
 * bytes held in unfinished messages, and chunk streams in use.
 */

/** One whole message. */
export interface RtmpMessage {
  /** Message type id: 1–6 protocol control, 8 audio, 9 video, 18 data, 20 command… */
  type: number;
  /** The message stream it belongs to (0: the connection itself). */
  streamId: number;
  /** Milliseconds, modulo 2³² as the protocol counts. */
  timestamp: number;
  payload: Buffer;
}

/** Malformed or over-limit input: the connection that sent it is closed. */
export class RtmpProtocolError extends Error {}

const SET_CHUNK_SIZE = 1;
const ABORT = 2;
const DEFAULT_CHUNK_SIZE = 128;
/** The largest chunk size the protocol allows (31 bits). */
const MAX_CHUNK_SIZE = 0x7fffffff;
const EXTENDED = 0xffffff;
/** Header bytes after the basic header, by chunk type 0–3. */
const MESSAGE_HEADER = [11, 7, 3, 0] as const;
/** Chunk streams one connection may use: an encoder uses about five. */
const MAX_CHUNK_STREAMS = 64;
/** Bytes held across all unfinished messages of a connection. */
const MAX_HELD_BYTES = 32 * 1024 * 1024;

interface ChunkStream {
  /** The last header's fields (a later chunk's header repeats what it leaves out). */
  type: number;
  streamId: number;
  length: number;
  timestamp: number;
  /** The last timestamp field (a delta, or the absolute time of a type-0 header). */
  field: number;
  /** Whether the last header carried an extended timestamp (its type-3 chunks then carry it too). */
  extended: boolean;
  /** The message being received: its parts so far. */
  parts: Buffer[];
  received: number;
  /** Whether any message was started on this chunk stream (a type 1–3 header needs a previous one). */
  started: boolean;
}

export class ChunkReader {
  /** The client's chunk size (its Set Chunk Size message changes it). */
  chunkSize = DEFAULT_CHUNK_SIZE;
  /** The longest message taken now; the connection raises it once a publish is accepted. */
  maxMessage: number;
  private readonly streams = new Map<number, ChunkStream>();
  private readonly head = Buffer.alloc(18);
  private headLength = 0;
  /** The chunk stream whose payload is being read, and how much of this chunk is left. */
  private current: ChunkStream | null = null;
  private chunkLeft = 0;
  private held = 0;

  constructor(
    private readonly onMessage: (message: RtmpMessage) => void,
    maxMessage: number,
  ) {
    this.maxMessage = maxMessage;
  }

  /** Reads what the socket received; calls `onMessage` for each message it completes. */
  push(data: Buffer): void {
    let offset = 0;
    while (offset < data.length) {
      const stream = this.current;
      if (stream) {
        const take = Math.min(this.chunkLeft, data.length - offset);
        stream.parts.push(data.subarray(offset, offset + take));
        stream.received += take;
        this.held += take;
        this.chunkLeft -= take;
        offset += take;
        if (this.chunkLeft === 0) {
          this.current = null;
          if (stream.received === stream.length) this.complete(stream);
        }
        continue;
      }
      this.head[this.headLength++] = data[offset++] as number;
      const need = this.headerLength();
      if (need !== null && this.headLength === need) this.startChunk();
    }
  }

  /** The bytes the chunk header being read takes in all, or null while that is not known yet. */
  private headerLength(): number | null {
    const first = this.head[0] as number;
    const basic = (first & 0x3f) === 0 ? 2 : (first & 0x3f) === 1 ? 3 : 1;
    if (this.headLength < basic) return null;
    const fmt = first >> 6;
    const length = basic + (MESSAGE_HEADER[fmt] as number);
    if (this.headLength < length) return null;
    const extended =
      fmt < 3
        ? this.head.readUIntBE(basic, 3) === EXTENDED
        : (this.streams.get(this.chunkStreamId())?.extended ?? false);
    return extended ? length + 4 : length;
  }

  private chunkStreamId(): number {
    const first = this.head[0] as number;
    const id = first & 0x3f;
    if (id === 0) return 64 + (this.head[1] as number);
    if (id === 1) return 64 + (this.head[1] as number) + (this.head[2] as number) * 256;
    return id;
  }

  private startChunk(): void {
    const first = this.head[0] as number;
    const fmt = first >> 6;
    const id = this.chunkStreamId();
    const basic = (first & 0x3f) === 0 ? 2 : (first & 0x3f) === 1 ? 3 : 1;
    this.headLength = 0;
    let stream = this.streams.get(id);
    if (!stream) {
      if (this.streams.size >= MAX_CHUNK_STREAMS) throw new RtmpProtocolError('RTMP: too many chunk streams');
      stream = {
        type: 0,
        streamId: 0,
        length: 0,
        timestamp: 0,
        field: 0,
        extended: false,
        parts: [],
        received: 0,
        started: false,
      };
      this.streams.set(id, stream);
    }
    const midMessage = stream.received > 0 && stream.received < stream.length;
    if (fmt === 3 && midMessage) {
      // The next chunk of the message under way (its extended timestamp, if any, repeats the first's).
      this.read(stream, Math.min(this.chunkSize, stream.length - stream.received));
      return;
    }
    if (midMessage) this.drop(stream); // a new message header where a chunk was due: the old one is lost
    if (fmt !== 0 && !stream.started)
      throw new RtmpProtocolError('RTMP: a chunk stream began without a full header');
    let at = basic;
    if (fmt < 3) {
      stream.field = this.head.readUIntBE(at, 3);
      at += 3;
    }
    if (fmt < 2) {
      stream.length = this.head.readUIntBE(at, 3);
      stream.type = this.head[at + 3] as number;
      at += 4;
    }
    if (fmt === 0) {
      stream.streamId = this.head.readUInt32LE(at);
      at += 4;
    }
    if (fmt < 3) stream.extended = stream.field === EXTENDED;
    if (stream.extended) {
      if (fmt < 3) stream.field = this.head.readUInt32BE(at);
      // A type-3 header starting a message repeats the previous extended field: the same delta.
    }
    // A type-0 field is the time itself; any other is added to the previous message's time.
    stream.timestamp = fmt === 0 ? stream.field : (stream.timestamp + stream.field) % 2 ** 32;
    stream.started = true;
    if (stream.length > this.maxMessage) throw new RtmpProtocolError('RTMP: message too long');
    stream.parts = [];
    stream.received = 0;
    if (stream.length === 0) {
      this.complete(stream);
      return;
    }
    this.read(stream, Math.min(this.chunkSize, stream.length));
  }

  private read(stream: ChunkStream, bytes: number): void {
    if (this.held + bytes > MAX_HELD_BYTES) throw new RtmpProtocolError('RTMP: too much unfinished data');
    this.current = stream;
    this.chunkLeft = bytes;
  }

  private drop(stream: ChunkStream): void {
    this.held -= stream.received;
    stream.parts = [];
    stream.received = 0;
  }

  private complete(stream: ChunkStream): void {
    const payload = stream.parts.length === 1 ? (stream.parts[0] as Buffer) : Buffer.concat(stream.parts);
    this.drop(stream);
    // A fully received message leaves nothing on its chunk stream (a later type-3 header starts anew).
    stream.received = stream.length;
    const message: RtmpMessage = {
      type: stream.type,
      streamId: stream.streamId,
      timestamp: stream.timestamp,
      payload,
    };
    if (message.type === SET_CHUNK_SIZE) {
      if (payload.length < 4) throw new RtmpProtocolError('RTMP: short Set Chunk Size');
      const size = payload.readUInt32BE(0) & MAX_CHUNK_SIZE;
      if (size < 1) throw new RtmpProtocolError('RTMP: chunk size 0');
      this.chunkSize = size;
      return;
    }
    if (message.type === ABORT) {
      if (payload.length < 4) throw new RtmpProtocolError('RTMP: short Abort');
      const aborted = this.streams.get(payload.readUInt32BE(0));
      if (aborted && aborted !== stream && aborted.received < aborted.length) this.drop(aborted);
      return;
    }
    this.onMessage(message);
  }
}

/** A message as chunks of `chunkSize`, the first with a full (type 0) header, the rest type 3. */
export function encodeMessage(
  chunkStreamId: number,
  message: Pick<RtmpMessage, 'type' | 'streamId' | 'timestamp' | 'payload'>,
  chunkSize: number,
): Buffer {
  if (chunkStreamId < 2 || chunkStreamId > 63) throw new RangeError('chunk stream ids 2–63 only');
  const extended = message.timestamp >= EXTENDED;
  const header = Buffer.alloc(12 + (extended ? 4 : 0));
  header[0] = chunkStreamId;
  header.writeUIntBE(extended ? EXTENDED : message.timestamp, 1, 3);
  header.writeUIntBE(message.payload.length, 4, 3);
  header[7] = message.type;
  header.writeUInt32LE(message.streamId, 8);
  if (extended) header.writeUInt32BE(message.timestamp, 12);
  const parts: Buffer[] = [header];
  const continuation = Buffer.alloc(1 + (extended ? 4 : 0));
  continuation[0] = 0xc0 | chunkStreamId;
  if (extended) continuation.writeUInt32BE(message.timestamp, 1);
  for (let at = 0; at < message.payload.length; at += chunkSize) {
    if (at > 0) parts.push(continuation);
    parts.push(message.payload.subarray(at, at + chunkSize));
  }
  return Buffer.concat(parts);
}
