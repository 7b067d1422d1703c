import { api } from '@/lib/api-client';
import type { UploadKind } from '../lib/images';
import { StreamStruct } from './stream';

/** POST /v1/live-streams/{id}/banners/{kind}, multipart `file` (PNG, JPEG or WebP, ≤ 10 MB): 200 the
 * stream; 413 / 415 with the §5 messages. `silent`: the caller reports the failure itself. */
export function uploadBanner(id: string, kind: UploadKind, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(`/v1/live-streams/${encodeURIComponent(id)}/banners/${kind}`, StreamStruct, {
    method: 'POST',
    body,
  });
}

/** DELETE /v1/live-streams/{id}/banners/{kind}. */
export const removeBanner = (id: string, kind: UploadKind) =>
  api(`/v1/live-streams/${encodeURIComponent(id)}/banners/${kind}`, StreamStruct, { method: 'DELETE' });
