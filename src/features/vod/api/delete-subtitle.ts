import { apiVoid } from '@/lib/api-client';

/** DELETE /v1/videos/{id}/subtitle?language. */
export const deleteSubtitle = (id: string, language: string) =>
  apiVoid(`/v1/videos/${encodeURIComponent(id)}/subtitle`, { method: 'DELETE', query: { language } });
