import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, MediaStorage } from './storage.ts';

/** Closes a stored file's stream that will not be read. A file removed between the look-up and the
 * stream's own open (a live ending) makes the stream emit ENOENT: with no listener that was an uncaught
 * exception, which ends the server. */
function discard(stream: NodeJS.ReadableStream & { destroy(): void }): void {
  stream.on('error', () => {});
  stream.destroy();
}

/** `bytes=a-b` or `bytes=a-` (one range); anything else (suffix, several ranges) is served whole. */
export function parseRange(header: string | undefined): ByteRange | null {
  const match = header ? /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return null;
  return { start, ...(end === undefined ? {} : { end }) };
}

/** Playlists name their files relatively: they are always answered here, never redirected. */
const NEVER_REDIRECTED = /\.m3u8$/;

/**
 * Answers a stored media file once the route has applied its rules (token, status, geoblock): by a
 * redirect to a short-lived presigned URL or the CDN when the storage is configured so (not for
 * playlists), otherwise the bytes themselves, honouring one Range. True once it has answered, false
 * when there is no such file (the route answers its own 404).
 *
 * Never the reply itself: a FastifyReply is a thenable that settles with `undefined` when the response
 * has finished, so `await sendStored(…)` would read as "no file" after every successful answer, and the
 * route would answer a second time ("Reply was already sent", docs/security.md "A successful request
 * logs no error").
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  headers: { type: string; cache: string },
  /** Called once the file is known to be sent (before its bytes or the redirect go): metering. */
  served: () => void = () => {},
): Promise<boolean> {
  if (!NEVER_REDIRECTED.test(key)) {
    const url = await storage.deliveryUrl(key);
    if (url) {
      served();
      // The redirect carries its own expiry: a shared cache must not keep it.
      reply.header('cache-control', 'private, no-store').redirect(url, 302);
      return true;
    }
  }
  const range = parseRange(request.headers.range);
  const found = await storage.open(key, range ?? undefined);
  if (!found) {
    if (!range) return false;
    const whole = await storage.open(key);
    if (!whole) return false;
    discard(whole.stream);
    reply.code(416).header('content-range', `bytes */${whole.total}`).send();
    return true;
  }
  served();
  reply.type(headers.type).header('accept-ranges', 'bytes').header('cache-control', headers.cache);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${found.start}-${found.start + found.size - 1}/${found.total}`);
  }
  reply.header('content-length', found.size).send(found.stream);
  return true;
}
