/** SPEC §5 thumbnail images (also end screens, docs/api-videos.md): at most 10 MB, PNG, JPEG or WebP —
 * checked here before sending, by the file's first bytes like the server (a name or a declared type
 * can lie). */

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Bytes enough to recognise the three formats. */
export const IMAGE_HEADER_BYTES = 12;

export type ImageKind = 'png' | 'jpeg' | 'webp';
export type ImageProblem = 'too-large' | 'bad-format';

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

export function sniffImage(header: Uint8Array): ImageKind | null {
  if (startsWith(header, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(header, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (startsWith(header, [0x52, 0x49, 0x46, 0x46]) && startsWith(header, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  return null;
}

/** The first rule an image breaks (size first, as the server checks it first), or null. */
export function imageProblem(size: number, header: Uint8Array): ImageProblem | null {
  if (size > MAX_IMAGE_BYTES) return 'too-large';
  if (size === 0 || !sniffImage(header)) return 'bad-format';
  return null;
}

/** Reads a file's first bytes and applies the rules. */
export async function checkImage(file: Blob): Promise<ImageProblem | null> {
  if (file.size > MAX_IMAGE_BYTES) return 'too-large';
  const header = new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  return imageProblem(file.size, header);
}
