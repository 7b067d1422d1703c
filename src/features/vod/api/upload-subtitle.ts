import { api } from '@/lib/api-client';
import { SubtitleStruct } from './structs';

/** POST /v1/videos/{id}/subtitles/upload: `language` first, then `file` (WebVTT or SRT). */
export function uploadSubtitle(id: string, language: string, file: File) {
  const body = new FormData();
  body.append('language', language);
  body.append('file', file, file.name);
  return api(`/v1/videos/${encodeURIComponent(id)}/subtitles/upload`, SubtitleStruct, {
    method: 'POST',
    body,
  });
}
