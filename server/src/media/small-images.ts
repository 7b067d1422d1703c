import { randomBytes } from 'node:crypto';
import { ApiError } from '../lib/errors.ts';
import { type ImageBox, normalizeImage, sniffImage } from './images.ts';
import type { MediaStorage } from './storage.ts';

/**
 * Small pictures of an owner (a team's thumbnail or logo, a user's avatar) in the media storage:
 * {owner kind}/{owner id}/{version}.{ext}, served by GET /media/{kind}/{id}/{file}.
 * A new version gets a new random name, so URLs are cached for good and an old one answers 404.
 */
export type ImageOwner = 'teams' | 'users';

/** A team selector or an avatar shows them at most a few hundred pixels wide. */
export const SMALL_IMAGE_BOX: ImageBox = { width: 512, height: 512 };
/** An upload larger than this is refused before it is decoded. */
export const MAX_SMALL_IMAGE_BYTES = 5 * 1024 * 1024;

export const SMALL_IMAGE_FILE = /^[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

export function smallImageKey(owner: ImageOwner, id: string, file: string): string {
  return `${owner}/${id}/${file}`;
}

/** Checks (by content, decoded by sharp), re-encodes and stores an upload; answers its URL path. */
export async function saveSmallImage(
  storage: MediaStorage,
  owner: ImageOwner,
  id: string,
  bytes: Buffer,
): Promise<string> {
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type) throw new ApiError(415, 'videoImageFormat');
  const image = await normalizeImage(bytes, type.ext, SMALL_IMAGE_BOX);
  const file = `${randomBytes(16).toString('base64url')}.${type.ext}`;
  await storage.putBytes(smallImageKey(owner, id, file), image);
  return `/media/${owner}/${id}/${file}`;
}

/** Removes a replaced image, if `url` is one of ours (a seeded or external URL is left alone). */
export async function removeSmallImage(
  storage: MediaStorage,
  owner: ImageOwner,
  id: string,
  url: string | null,
): Promise<void> {
  const prefix = `/media/${owner}/${id}/`;
  if (!url?.startsWith(prefix)) return;
  const file = url.slice(prefix.length);
  if (SMALL_IMAGE_FILE.test(file)) await storage.remove(smallImageKey(owner, id, file));
}
