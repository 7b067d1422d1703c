// What a video RTP packet carries, read from its payload without decoding (docs/studio.md
// "Keyframes on demand"): whether it starts a keyframe, and the H.264 parameter sets (SPS/PPS) it
// holds. The worker uses it to know, per consumer, whether a keyframe has passed yet, and to re-send
// the parameter sets a keyframe needs when the publisher sent them only once.

export type VideoCodecName = 'H264' | 'VP8';

export interface VideoPacketInfo {
  /**
   * The packet starts a keyframe: an H.264 IDR slice or the first I slice of a picture, a VP8 key
   * frame's first partition.
   */
  keyframe: boolean;
  /** H.264 sequence parameter sets found whole in the packet. */
  sps: Buffer[];
  /** H.264 picture parameter sets found whole in the packet. */
  pps: Buffer[];
}

const NAL_SLICE = 1;
const NAL_IDR = 5;
const NAL_SPS = 7;
const NAL_PPS = 8;
const NAL_STAP_A = 24;
const NAL_FU_A = 28;

/**
 * A non-IDR slice that starts an intra picture (first_mb_in_slice 0, slice_type I): some senders
 * answer a PLI with one instead of an IDR (aiortc's x264 does), and a decoder given the parameter sets
 * starts there as well. `rbsp` is the slice after its NAL header (two Exp-Golomb numbers are read).
 */
function intraPicture(rbsp: Buffer): boolean {
  let bit = 0;
  const read = () => {
    const byte = rbsp[bit >> 3];
    if (byte === undefined) return -1;
    const value = (byte >> (7 - (bit & 7))) & 1;
    bit++;
    return value;
  };
  const ue = () => {
    let zeros = 0;
    for (let b = read(); b === 0; b = read()) if (++zeros > 16) return -1;
    let value = 0;
    for (let i = 0; i < zeros; i++) {
      const b = read();
      if (b < 0) return -1;
      value = (value << 1) | b;
    }
    return (1 << zeros) - 1 + value;
  };
  if (ue() !== 0) return false;
  const sliceType = ue();
  return sliceType >= 0 && sliceType % 5 === 2;
}

/** RFC 6184: single NAL unit, STAP-A (aggregated NAL units) and FU-A (a NAL unit's fragments). */
function h264Info(payload: Buffer): VideoPacketInfo {
  const info: VideoPacketInfo = { keyframe: false, sps: [], pps: [] };
  if (payload.length < 1) return info;
  const type = (payload[0] ?? 0) & 0x1f;
  const nal = (unit: Buffer) => {
    const t = (unit[0] ?? 0) & 0x1f;
    if (t === NAL_IDR || (t === NAL_SLICE && intraPicture(unit.subarray(1)))) info.keyframe = true;
    else if (t === NAL_SPS) info.sps.push(Buffer.from(unit));
    else if (t === NAL_PPS) info.pps.push(Buffer.from(unit));
  };
  if (type >= 1 && type <= 23) nal(payload);
  else if (type === NAL_STAP_A) {
    for (let at = 1; at + 2 <= payload.length; ) {
      const size = payload.readUInt16BE(at);
      at += 2;
      if (size === 0 || at + size > payload.length) break;
      nal(payload.subarray(at, at + size));
      at += size;
    }
  } else if (type === NAL_FU_A) {
    // Only the first fragment (S bit) starts the NAL unit.
    const fu = payload[1] ?? 0;
    const t = fu & 0x1f;
    if ((fu & 0x80) !== 0 && (t === NAL_IDR || (t === NAL_SLICE && intraPicture(payload.subarray(2)))))
      info.keyframe = true;
  }
  return info;
}

/** RFC 7741: the payload descriptor, then (at a partition's start) the VP8 frame tag's P bit. */
function vp8Info(payload: Buffer): VideoPacketInfo {
  const info: VideoPacketInfo = { keyframe: false, sps: [], pps: [] };
  const first = payload[0] ?? 0;
  const start = (first & 0x10) !== 0 && (first & 0x0f) === 0;
  if (!start) return info;
  let at = 1;
  if (first & 0x80) {
    const ext = payload[at++] ?? 0;
    if (ext & 0x80) at += (payload[at] ?? 0) & 0x80 ? 2 : 1; // PictureID, 7 or 15 bits
    if (ext & 0x40) at += 1; // TL0PICIDX
    if (ext & 0x30) at += 1; // TID/KEYIDX
  }
  if (at >= payload.length) return info;
  info.keyframe = ((payload[at] ?? 1) & 0x01) === 0;
  return info;
}

export function videoPacketInfo(codec: VideoCodecName, payload: Buffer): VideoPacketInfo {
  return codec === 'H264' ? h264Info(payload) : vp8Info(payload);
}

/** A STAP-A payload of these NAL units (RFC 6184 5.7.1), NRI the highest of theirs. */
export function stapA(units: Buffer[]): Buffer {
  const nri = units.reduce((max, unit) => Math.max(max, (unit[0] ?? 0) & 0x60), 0);
  const parts: Buffer[] = [Buffer.from([NAL_STAP_A | nri])];
  for (const unit of units) {
    const size = Buffer.alloc(2);
    size.writeUInt16BE(unit.length);
    parts.push(size, unit);
  }
  return Buffer.concat(parts);
}
