import { api } from '@/lib/api-client';
import { VideoStruct } from './structs';

/** POST /v1/videos/{id}/thumbnail, multipart `file` (PNG, JPEG or WebP, at most 10 MB). */
export function uploadThumbnail(id: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(`/v1/videos/${encodeURIComponent(id)}/thumbnail`, VideoStruct, { method: 'POST', body });
}
