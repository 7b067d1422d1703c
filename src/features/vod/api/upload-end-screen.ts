import { api } from '@/lib/api-client';
import { VideoStruct } from './structs';

/** POST /v1/videos/{id}/end-screen, multipart `file` (the thumbnail's rules). */
export function uploadEndScreen(id: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(`/v1/videos/${encodeURIComponent(id)}/end-screen`, VideoStruct, { method: 'POST', body });
}
