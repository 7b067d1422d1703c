import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BannerKind, ImageExtension, StoredImage } from '../../db/tables/streams.ts';
import { BANNER_BOX, type ImageBox, normalizeImage } from '../../media/images.ts';
import type { MediaStorage } from '../../media/storage.ts';

// Stream images in the media storage: streams/{accountId}/{streamId}/{name}-{version}.{ext},
// `name` being a banner kind or `speaker-{speakerId}` (a classroom speaker's avatar).

/** The name of a stream image's file, before its version: a banner kind or a speaker's avatar. */
export type ImageName = BannerKind | `speaker-${string}`;
export const speakerImageName = (speakerId: string): ImageName => `speaker-${speakerId}`;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The studio background (SPEC §5: the general settings' hint, "1920x1080 up to 30MB"): a full-screen
 * picture, so a larger file than the banners' 10 MB (SPEC §5 thumbnails). */
export const MAX_STUDIO_BACKGROUND_BYTES = 30 * 1024 * 1024;

/** The largest file each kind of stream image may be. */
export const maxImageBytes = (kind: ImageName) =>
  kind === 'studioBackground' ? MAX_STUDIO_BACKGROUND_BYTES : MAX_IMAGE_BYTES;

export const CONTENT_TYPES: Record<ImageExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** A stream's images in the media storage: `streams/{accountId}/{streamId}/`. */
export function streamMediaKey(accountId: string, streamId: string): string {
  return `streams/${accountId}/${streamId}`;
}

export function imageFileName(kind: ImageName, image: Pick<StoredImage, 'version' | 'ext'>): string {
  return `${kind}-${image.version}.${image.ext}`;
}

/** The image format by its first bytes (the name and declared type are not trusted). */
export function sniffImage(head: Buffer): ImageExtension | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export type SaveResult = { ok: true; image: StoredImage } | { ok: false; reason: 'tooLarge' | 'notAnImage' };

/**
 * Streams an upload to disk (never whole in memory) under a new random version, then checks it: a
 * source cut at `maxBytes` (`truncated()` says so) or whose content is not PNG, JPEG or WebP is removed;
 * an image over the pixel limit or that does not decode throws the ApiError of `normalizeImage`.
 */
export async function saveImage(
  storage: MediaStorage,
  accountId: string,
  streamId: string,
  kind: ImageName,
  source: Readable,
  truncated: () => boolean,
  box: ImageBox = BANNER_BOX,
): Promise<SaveResult> {
  const dir = await storage.scratchDir();
  const version = randomBytes(16).toString('base64url');
  const temp = join(dir, `.upload-${version}`);
  try {
    await pipeline(source, createWriteStream(temp, { mode: 0o640 }));
    if (truncated()) return { ok: false, reason: 'tooLarge' };
    const file = await open(temp, 'r');
    let head: Buffer;
    try {
      head = Buffer.alloc(16);
      const { bytesRead } = await file.read(head, 0, 16, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
    const ext = sniffImage(head);
    if (!ext) return { ok: false, reason: 'notAnImage' };
    // What is served is our own encoding, never the bytes sent (pixel limit, size, no EXIF).
    // From memory (≤ 10 MB, 30 MB for the studio background): libvips would keep a file it opened in its cache after it is removed.
    const data = await normalizeImage(await readFile(temp), ext, box);
    const image: StoredImage = { version, ext, size: data.length };
    await storage.putBytes(`${streamMediaKey(accountId, streamId)}/${imageFileName(kind, image)}`, data);
    return { ok: true, image };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function removeImage(
  storage: MediaStorage,
  accountId: string,
  streamId: string,
  kind: ImageName,
  image: StoredImage,
): Promise<void> {
  await storage.remove(`${streamMediaKey(accountId, streamId)}/${imageFileName(kind, image)}`);
}

export async function removeStreamMedia(
  storage: MediaStorage,
  accountId: string,
  streamId: string,
): Promise<void> {
  await storage.removePrefix(streamMediaKey(accountId, streamId));
}

export function imageKey(accountId: string, streamId: string, fileName: string): string {
  return `${streamMediaKey(accountId, streamId)}/${fileName}`;
}
