import type { FastifyInstance } from 'fastify';
import { MAX_OFFER_BYTES } from '../../http/sdp.ts';
import { ApiError } from '../../lib/errors.ts';

/** The SDP offer of a WHIP-like POST, checked in the caller's language (415 for another type, 400 empty). */
export function sdpOffer(request: { headers: Record<string, unknown>; body: unknown }): string {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/sdp') throw new ApiError(415, 'sdpContentType');
  const offer = typeof request.body === 'string' ? request.body : '';
  if (offer.trim() === '') throw new ApiError(400, 'sdpInvalid');
  return offer;
}

/** SDP bodies as text (at most 64 KiB), in the scope that registers it. */
export function acceptSdp(app: { addContentTypeParser: FastifyInstance['addContentTypeParser'] }): void {
  app.addContentTypeParser(
    'application/sdp',
    { parseAs: 'string', bodyLimit: MAX_OFFER_BYTES },
    (_request, body, done) => done(null, body),
  );
}
