import { randomBytes } from 'node:crypto';
import type { OverlayImage } from '../../db/tables/overlays.ts';
import { BANNER_BOX, normalizeImage, sniffImage } from '../../media/images.ts';
import type { MediaStorage } from '../../media/storage.ts';

// Overlay images in the media storage: overlays/{accountId}/{overlayId}-{version}.{ext}.

/** Overlays are logos and lower thirds: far smaller than a banner needs to be. */
export const MAX_OVERLAY_BYTES = 10 * 1024 * 1024;

export function overlayKey(accountId: string, file: string): string {
  return `overlays/${accountId}/${file}`;
}

export const overlayFileName = (overlayId: string, image: Pick<OverlayImage, 'version' | 'ext'>) =>
  `${overlayId}-${image.version}.${image.ext}`;

/** Stores our own re-encoding of an upload (never the bytes sent); null when it is not an image. */
export async function saveOverlayImage(
  storage: MediaStorage,
  accountId: string,
  overlayId: string,
  data: Buffer,
): Promise<OverlayImage | null> {
  const type = sniffImage(data.subarray(0, 16));
  if (!type) return null;
  // 415 when it does not decode, 413 over the pixel limit (normalizeImage's ApiErrors).
  const encoded = await normalizeImage(data, type.ext, BANNER_BOX);
  const image: OverlayImage = {
    version: randomBytes(16).toString('base64url'),
    ext: type.ext,
    size: encoded.length,
  };
  await storage.putBytes(overlayKey(accountId, overlayFileName(overlayId, image)), encoded);
  return image;
}

export async function removeOverlayImage(
  storage: MediaStorage,
  accountId: string,
  overlayId: string,
  image: OverlayImage,
): Promise<void> {
  await storage.remove(overlayKey(accountId, overlayFileName(overlayId, image)));
}
