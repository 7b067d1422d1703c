import { type Amf0Object, decodeAmf0 } from './amf0.ts';

/**
 * An RTMP publish's media as FLV: its audio, video and data messages are FLV tag bodies already (the
 * FLV and RTMP specifications share them), so a tag is an 11-byte header, the message, and the
 * previous-tag size. `classify` reads what a tag is (a codec's configuration, a keyframe, a frame,
 * the encoder's metadata), in the legacy layout and in Enhanced RTMP's (HEVC, AV1, VP9 with a FourCC).
 */

export const AUDIO = 8;
export const VIDEO = 9;
export const DATA = 18;

/** FLV codec ids the meter reads. */
export const H264 = 7;
export const AAC = 10;
const AUDIO_EX_HEADER = 9;

export type PacketKind =
  | 'audio-config'
  | 'audio'
  | 'video-config'
  | 'keyframe'
  | 'video'
  | 'metadata'
  | 'other';

export interface MediaPacket {
  /** FLV tag type: 8 audio, 9 video, 18 data. */
  type: number;
  /** Milliseconds (decode time), modulo 2³². */
  timestamp: number;
  /** The FLV tag body (for metadata, without RTMP's `@setDataFrame` prefix). */
  data: Buffer;
  kind: PacketKind;
  /** The FLV codec id (video 7 = H.264; audio 10 = AAC), or an Enhanced RTMP FourCC as a number. */
  codec: number;
  /** For `metadata`: what the encoder declares (`width`, `height`, `framerate`, `audiocodecid`…). */
  metadata?: Amf0Object;
}

const SET_DATA_FRAME = '@setDataFrame';

/** What a media message carries, or null when it carries nothing an FLV reader could use. */
export function classify(type: number, timestamp: number, data: Buffer): MediaPacket | null {
  if (data.length === 0) return null;
  const first = data[0] as number;
  if (type === AUDIO) {
    const format = first >> 4;
    // Enhanced RTMP audio: the packet type is the low nibble (0: sequence start).
    const config = format === AUDIO_EX_HEADER ? (first & 0x0f) === 0 : format === AAC && data[1] === 0;
    return { type, timestamp, data, kind: config ? 'audio-config' : 'audio', codec: format };
  }
  if (type === VIDEO) {
    const frameType = (first >> 4) & 0x07;
    if (first & 0x80) {
      // Enhanced RTMP: the low nibble is the packet type, a FourCC follows.
      if (data.length < 5) return null;
      const packetType = first & 0x0f;
      const codec = data.readUInt32BE(1);
      const kind: PacketKind =
        packetType === 0
          ? 'video-config'
          : packetType === 1 || packetType === 3
            ? frameType === 1
              ? 'keyframe'
              : 'video'
            : 'other';
      return { type, timestamp, data, kind, codec };
    }
    const codec = first & 0x0f;
    if (frameType === 5) return { type, timestamp, data, kind: 'other', codec }; // a video info/command frame
    const kind: PacketKind =
      (codec === H264 || codec === 12) && data[1] === 0
        ? 'video-config'
        : frameType === 1
          ? 'keyframe'
          : 'video';
    return { type, timestamp, data, kind, codec };
  }
  if (type === DATA) return script(timestamp, data);
  return null;
}

/** A data message: `@setDataFrame onMetaData {…}` becomes the `onMetaData {…}` an FLV file holds. */
function script(timestamp: number, data: Buffer): MediaPacket {
  let body = data;
  const prefix = 3 + SET_DATA_FRAME.length;
  if (data.length > prefix && data[0] === 0x02 && data.toString('latin1', 3, prefix) === SET_DATA_FRAME)
    body = data.subarray(prefix);
  let values: ReturnType<typeof decodeAmf0> = [];
  try {
    values = decodeAmf0(body);
  } catch {
    // Unreadable script data is passed on as it is and declares nothing.
  }
  const declared = values[1];
  if (
    values[0] === 'onMetaData' &&
    declared &&
    typeof declared === 'object' &&
    !Array.isArray(declared) &&
    !(declared instanceof Date)
  )
    return { type: DATA, timestamp, data: body, kind: 'metadata', codec: 0, metadata: declared };
  return { type: DATA, timestamp, data: body, kind: 'other', codec: 0 };
}

/** The 9-byte FLV header (audio and video flagged) and the first previous-tag size. */
export const FLV_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 0x09, 0, 0, 0, 0]);

/** One FLV tag with its previous-tag size. */
export function flvTag(packet: MediaPacket): Buffer {
  const size = packet.data.length;
  const tag = Buffer.allocUnsafe(11 + size + 4);
  tag[0] = packet.type;
  tag.writeUIntBE(size, 1, 3);
  tag.writeUIntBE(packet.timestamp & 0xffffff, 4, 3);
  tag[7] = (packet.timestamp >>> 24) & 0xff;
  tag.writeUIntBE(0, 8, 3);
  packet.data.copy(tag, 11);
  tag.writeUInt32BE(11 + size, 11 + size);
  return tag;
}

/** Tags kept from the last keyframe on, and their bytes: past either, the group is not kept. */
const MAX_GOP_TAGS = 4096;
const MAX_GOP_BYTES = 64 * 1024 * 1024;

/**
 * One publish's FLV, to any number of readers (the server's ffmpeg processes, simulcast pushes). A
 * reader joining late gets the FLV header, the metadata, both codec configurations and the group of
 * pictures since the last keyframe, so it starts on a picture it can decode.
 */
export class FlvFeed {
  private metadata: Buffer | null = null;
  private audioConfig: Buffer | null = null;
  private videoConfig: Buffer | null = null;
  private gop: Buffer[] | null = null;
  private gopBytes = 0;
  private readonly readers = new Set<(tag: Buffer) => void>();

  push(packet: MediaPacket): void {
    const tag = flvTag(packet);
    switch (packet.kind) {
      case 'metadata':
        this.metadata = tag;
        break;
      case 'audio-config':
        this.audioConfig = tag;
        break;
      case 'video-config':
        this.videoConfig = tag;
        break;
      case 'keyframe':
        this.gop = [tag];
        this.gopBytes = tag.length;
        break;
      case 'audio':
      case 'video':
        if (this.gop) {
          this.gop.push(tag);
          this.gopBytes += tag.length;
          if (this.gop.length > MAX_GOP_TAGS || this.gopBytes > MAX_GOP_BYTES) this.gop = null;
        }
        break;
      case 'other':
        break;
    }
    for (const read of this.readers) read(tag);
  }

  /** Feeds `read` from now on, what a decoder needs first; answers the function that stops it. */
  subscribe(read: (bytes: Buffer) => void): () => void {
    read(FLV_HEADER);
    for (const tag of [this.metadata, this.audioConfig, this.videoConfig]) if (tag) read(tag);
    for (const tag of this.gop ?? []) read(tag);
    this.readers.add(read);
    return () => this.readers.delete(read);
  }
}
