/** Largest thumbnail or end-screen image (SPEC §5, §9: 10MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
}

/** The format by its first bytes (magic numbers): the file name and the declared type do not count. */
export function sniffImage(head: Uint8Array): ImageType | null {
  const at = (i: number) => head[i];
  if (
    head.length >= 8 &&
    at(0) === 0x89 &&
    at(1) === 0x50 &&
    at(2) === 0x4e &&
    at(3) === 0x47 &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (head.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  if (
    head.length >= 12 &&
    Buffer.from(head.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(head.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}
