import { ApiError } from '../lib/errors.ts';

// sharp (libvips, ~20 MB of the process once loaded) is loaded on the first image a user sends, not at
// start: most instances handle few images (docs/server.md "Memory").
const loadSharp = () => import('sharp').then((m) => m.default);

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

/**
 * Largest image accepted, in pixels (width × height), read from the header before anything is
 * decoded: a few MB of PNG can be 20,000 × 20,000 and hang whoever decodes it. `MAX_IMAGE_PIXELS`
 * changes it (40 megapixels by default: a 48 MP phone photo must be scaled down first).
 */
export const MAX_IMAGE_PIXELS = pixelsFromEnv(process.env.MAX_IMAGE_PIXELS, 40_000_000);

function pixelsFromEnv(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value?.trim() && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/** The box an image is scaled into (never enlarged), as large as the pages show it. */
export interface ImageBox {
  width: number;
  height: number;
}
/** Stream banners, screens and backgrounds fill the player: SPEC's hint, 1920×1080. */
export const BANNER_BOX: ImageBox = { width: 1920, height: 1080 };
/** A video's thumbnail: lists show it small, the player as a poster (720p is plenty). */
export const VIDEO_THUMBNAIL_BOX: ImageBox = { width: 1280, height: 720 };
/** A classroom speaker's avatar: a circle of about 100 px, sharp on dense screens. */
export const AVATAR_BOX: ImageBox = { width: 512, height: 512 };
/** A video's end screen fills the player like a banner. */
export const END_SCREEN_BOX: ImageBox = BANNER_BOX;

/**
 * Re-encodes an upload (already sniffed as `ext`) as what is stored and
 * served: turned upright by its EXIF orientation, scaled into `box`, metadata (EXIF with GPS, XMP,
 * comments) dropped, in the same format so the stored extension and content type stay true
 * (PNG keeps its transparency and sharp text, JPEG stays a photo). Only the first frame of an
 * animated image is kept. 413 above MAX_IMAGE_PIXELS, 415 when it does not decode.
 */
export async function normalizeImage(input: Buffer, ext: ImageType['ext'], box: ImageBox): Promise<Buffer> {
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    // The header only: no pixel is decoded here, whatever the dimensions say.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.height;
    if (meta.format !== SHARP_FORMAT[ext]) throw new Error(`${meta.format} sniffed as ${ext}`);
  } catch {
    throw new ApiError(415, 'imageUnreadable');
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ApiError(413, 'imageTooManyPixels', {
      params: { width, height, max: Number((MAX_IMAGE_PIXELS / 1_000_000).toFixed(1)) },
    });
  }
  const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
  const encoded =
    ext === 'jpg'
      ? image.jpeg({ quality: 85 })
      : ext === 'png'
        ? image.png({ compressionLevel: 9, adaptiveFiltering: true })
        : image.webp({ quality: 85 });
  try {
    return await encoded.toBuffer();
  } catch {
    throw new ApiError(415, 'imageUnreadable');
  }
}

const SHARP_FORMAT: Record<ImageType['ext'], string> = { png: 'png', jpg: 'jpeg', webp: 'webp' };
