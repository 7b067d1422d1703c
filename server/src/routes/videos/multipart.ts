import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/i18n.ts';
import { MAX_SMALL_IMAGE_BYTES } from '../../media/small-images.ts';

/**
 * `request.file()`, unless the client has gone already. A client that left while its request waited
 * (for the database, for a video's upload lease) has closed it before the parser listens for that: the
 * parser would wait for the rest of the body forever, and a source upload would hold its video's lease
 * with it, so every later chunk of the video queued behind a request nobody would finish.
 */
export function openFilePart(
  request: FastifyRequest,
  options: Parameters<FastifyRequest['file']>[0],
): Promise<MultipartFile | undefined> {
  if (request.raw.destroyed) throw new ApiError(400, 'fileRequired', { field: 'file' });
  return request.file(options);
}

/**
 * The request's file part (fields sent before it are on `part.fields`). A Content-Length already over
 * `maxBody` is refused with 413 before a byte of the body is read, and the connection is closed so
 * the client stops sending it.
 */
export async function filePart(
  request: FastifyRequest,
  options: { maxBody: number; tooLarge: MessageKey; fileSize: number },
): Promise<MultipartFile> {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > options.maxBody) {
    throw new ApiError(413, options.tooLarge, { headers: { connection: 'close' } });
  }
  if (!request.isMultipart()) throw new ApiError(415, 'notMultipart');
  let part: MultipartFile | undefined;
  try {
    part = await openFilePart(request, {
      limits: { fileSize: options.fileSize, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 21 },
      throwFileSizeLimit: false,
    });
  } catch {
    // Malformed multipart (no boundary, cut short): the client's mistake.
    throw new ApiError(400, 'fileRequired', { field: 'file' });
  }
  if (part?.fieldname !== 'file') throw new ApiError(400, 'fileRequired', { field: 'file' });
  return part;
}

/** A field sent before the file part, as text. */
export function fieldValue(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  if (one && one.type === 'field' && typeof one.value === 'string') return one.value;
  return undefined;
}

/** Reads a small file part whole, or 413 once it passes `max` bytes. */
export async function readSmallFile(part: MultipartFile, max: number, tooLarge: MessageKey): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > max) {
      part.file.destroy();
      throw new ApiError(413, tooLarge, { headers: { connection: 'close' } });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The `file` part of an avatar, logo or team thumbnail upload, read whole (413 past 5 MB). */
export async function readSmallImage(request: FastifyRequest): Promise<Buffer> {
  const part = await filePart(request, {
    maxBody: MAX_SMALL_IMAGE_BYTES + 64 * 1024,
    tooLarge: 'smallImageTooLarge',
    fileSize: MAX_SMALL_IMAGE_BYTES + 1,
  });
  return readSmallFile(part, MAX_SMALL_IMAGE_BYTES, 'smallImageTooLarge');
}
