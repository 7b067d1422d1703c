import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../lib/errors.ts';
import { type ImageBox, normalizeImage, sniffImage } from './images.ts';

/**
 * Small pictures of an owner (a team's thumbnail or logo, a user's avatar) on local disk:
 * DATA_DIR/media/{owner kind}/{owner id}/{version}.{ext}, served by GET /media/{kind}/{id}/{file}.
 * A new version gets a new random name, so URLs are cached for good and an old one answers 404.
 */
export type ImageOwner = 'teams' | 'users';

/** A team selector or an avatar shows them at most a few hundred pixels wide. */
export const SMALL_IMAGE_BOX: ImageBox = { width: 512, height: 512 };
/** An upload larger than this is refused before it is decoded. */
export const MAX_SMALL_IMAGE_BYTES = 5 * 1024 * 1024;

export const SMALL_IMAGE_FILE = /^[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

export function smallImageDir(dataDir: string, owner: ImageOwner, id: string): string {
  return join(dataDir, 'media', owner, id);
}

/** Checks (by content, decoded by sharp), re-encodes and stores an upload; answers its URL path. */
export async function saveSmallImage(
  dataDir: string,
  owner: ImageOwner,
  id: string,
  bytes: Buffer,
): Promise<string> {
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type) throw new ApiError(415, 'videoImageFormat');
  const image = await normalizeImage(bytes, type.ext, SMALL_IMAGE_BOX);
  const dir = smallImageDir(dataDir, owner, id);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('base64url')}.${type.ext}`;
  await writeFile(join(dir, `.${file}`), image, { mode: 0o640 });
  await rename(join(dir, `.${file}`), join(dir, file));
  return `/media/${owner}/${id}/${file}`;
}

/** Removes a replaced image, if `url` is one of ours (a seeded or external URL is left alone). */
export async function removeSmallImage(
  dataDir: string,
  owner: ImageOwner,
  id: string,
  url: string | null,
): Promise<void> {
  const prefix = `/media/${owner}/${id}/`;
  if (!url?.startsWith(prefix)) return;
  const file = url.slice(prefix.length);
  if (SMALL_IMAGE_FILE.test(file)) await rm(join(smallImageDir(dataDir, owner, id), file), { force: true });
}
