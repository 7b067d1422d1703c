import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OverlayImage } from '../../db/tables/overlays.ts';
import { BANNER_BOX, normalizeImage, sniffImage } from '../../media/images.ts';

// Overlay images on local disk: DATA_DIR/media/overlays/{accountId}/{overlayId}-{version}.{ext}.
// Nothing else touches these paths, so another store replaces this file alone.

/** Overlays are logos and lower thirds: far smaller than a banner needs to be. */
export const MAX_OVERLAY_BYTES = 10 * 1024 * 1024;

export function overlayDir(dataDir: string, accountId: string): string {
  return join(dataDir, 'media', 'overlays', accountId);
}

export const overlayFileName = (overlayId: string, image: Pick<OverlayImage, 'version' | 'ext'>) =>
  `${overlayId}-${image.version}.${image.ext}`;

/** Stores our own re-encoding of an upload (never the bytes sent); null when it is not an image. */
export async function saveOverlayImage(
  dataDir: string,
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
  const dir = overlayDir(dataDir, accountId);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.upload-${image.version}`);
  await writeFile(temp, encoded, { mode: 0o640 });
  await rename(temp, join(dir, overlayFileName(overlayId, image)));
  return image;
}

export async function removeOverlayImage(
  dataDir: string,
  accountId: string,
  overlayId: string,
  image: OverlayImage,
): Promise<void> {
  await rm(join(overlayDir(dataDir, accountId), overlayFileName(overlayId, image)), { force: true });
}
