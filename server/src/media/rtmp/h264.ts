/**
 * The picture size an H.264 sequence parameter set declares (ITU-T H.264 section 7.3.2.1.1), for the
 * signal meter: the RBSP is read bit by bit once, and any SPS that ends early or says something out of
 * range answers null rather than a size.
 */

class Bits {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}

  u(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new RangeError('SPS ends early');
      value = value * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }

  /** Unsigned Exp-Golomb. */
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      if (++zeros > 31) throw new RangeError('SPS Exp-Golomb code too long');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  /** Signed Exp-Golomb. */
  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -(k / 2);
  }
}

/** The NAL unit's payload without its emulation-prevention bytes (00 00 03 → 00 00). */
function rbsp(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length);
  let n = 0;
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out[n++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}

/** Profiles whose SPS carries chroma format and bit depth (and may carry scaling lists). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function skipScalingList(bits: Bits, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j++) {
    if (next !== 0) next = (last + bits.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** The width and height in pixels an SPS NAL unit (its header byte first) declares, or null. */
export function h264SpsSize(nal: Uint8Array): { width: number; height: number } | null {
  if (nal.length < 4 || ((nal[0] as number) & 0x1f) !== 7) return null;
  try {
    const bits = new Bits(rbsp(nal.subarray(1)));
    const profile = bits.u(8);
    bits.u(16); // constraint flags, level
    bits.ue(); // seq_parameter_set_id
    let chromaFormat = 1;
    let separateColourPlanes = 0;
    if (HIGH_PROFILES.has(profile)) {
      chromaFormat = bits.ue();
      if (chromaFormat > 3) return null;
      if (chromaFormat === 3) separateColourPlanes = bits.u(1);
      bits.ue(); // bit_depth_luma_minus8
      bits.ue(); // bit_depth_chroma_minus8
      bits.u(1); // qpprime_y_zero_transform_bypass_flag
      if (bits.u(1)) {
        const lists = chromaFormat === 3 ? 12 : 8;
        for (let i = 0; i < lists; i++) if (bits.u(1)) skipScalingList(bits, i < 6 ? 16 : 64);
      }
    }
    bits.ue(); // log2_max_frame_num_minus4
    const pocType = bits.ue();
    if (pocType === 0) bits.ue();
    else if (pocType === 1) {
      bits.u(1);
      bits.se();
      bits.se();
      const cycle = bits.ue();
      if (cycle > 255) return null;
      for (let i = 0; i < cycle; i++) bits.se();
    } else if (pocType !== 2) return null;
    bits.ue(); // max_num_ref_frames
    bits.u(1); // gaps_in_frame_num_value_allowed_flag
    const widthInMbs = bits.ue() + 1;
    const heightInMapUnits = bits.ue() + 1;
    const frameMbsOnly = bits.u(1);
    if (!frameMbsOnly) bits.u(1); // mb_adaptive_frame_field_flag
    bits.u(1); // direct_8x8_inference_flag
    let [left, right, top, bottom] = [0, 0, 0, 0];
    if (bits.u(1)) [left, right, top, bottom] = [bits.ue(), bits.ue(), bits.ue(), bits.ue()];
    // Cropping counts in chroma samples: 2×2 for 4:2:0, 2×1 for 4:2:2, 1×1 otherwise.
    const chroma = separateColourPlanes ? 0 : chromaFormat;
    const cropX = chroma === 1 || chroma === 2 ? 2 : 1;
    const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
    const width = widthInMbs * 16 - cropX * (left + right);
    const height = (2 - frameMbsOnly) * heightInMapUnits * 16 - cropY * (top + bottom);
    if (width <= 0 || height <= 0 || width > 16_384 || height > 16_384) return null;
    return { width, height };
  } catch {
    return null;
  }
}
