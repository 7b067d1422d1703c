import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** SPEC §5 / §9: banner images up to 10 MB; PNG, JPEG or WebP (what the server accepts). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** SPEC §5: the general settings' hint, "1920x1080 up to 30MB": the studio background (a full-screen
 * picture), checked by the server the same way. */
export const MAX_STUDIO_BACKGROUND_BYTES = 30 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const imageMessages = {
  tooLarge: msg`Tamanho da imagem excedeu limite de 10MB!`,
  backgroundTooLarge: msg`Tamanho da imagem excedeu limite de 30MB!`,
  invalid: msg`O formato da imagem é inválido!`,
};

/** The image kind from the first bytes of the file (the server checks the content the same way). */
export function sniffImage(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP')
    return 'image/webp';
  return null;
}

/** The §5 message for a file that cannot be this kind of image, or undefined when it may be uploaded. */
export async function checkImage(
  file: Blob,
  kind: UploadKind = 'thumbnail',
): Promise<MessageDescriptor | undefined> {
  if (kind === 'studioBackground') {
    if (file.size > MAX_STUDIO_BACKGROUND_BYTES) return imageMessages.backgroundTooLarge;
  } else if (file.size > MAX_IMAGE_BYTES) return imageMessages.tooLarge;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return sniffImage(head) ? undefined : imageMessages.invalid;
}

/** The banners of a stream (SPEC §2.7): thumbnail/cover, waiting-to-start, pause, closing. */
export const BANNER_KINDS = ['thumbnail', 'startSoonScreen', 'pauseScreen', 'endingScreen'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

/** The classroom page's images (docs/classroom.md): its cover, the viewing page's and the
 * registration's backgrounds. */
export const CLASSROOM_IMAGE_KINDS = [
  'classroomCover',
  'classroomBackground',
  'classroomLoginBackground',
] as const;
export type ClassroomImageKind = (typeof CLASSROOM_IMAGE_KINDS)[number];

/** Every image the banner calls take: the four banners, the studio background (`studio.background`)
 * and the classroom's images. */
export const UPLOAD_KINDS = [...BANNER_KINDS, 'studioBackground', ...CLASSROOM_IMAGE_KINDS] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
