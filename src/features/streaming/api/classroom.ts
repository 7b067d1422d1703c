import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { array, type Infer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { streamingKey } from './stream';

/** A live's classroom as the console edits it (docs/classroom.md): speakers and agenda. */
export const ClassroomContentStruct = type({
  speakers: array(
    type({ id: string(), name: string(), role: nullable(string()), avatar: nullable(string()) }),
  ),
  agenda: array(type({ time: string(), title: string() })),
});
export type ClassroomContent = Infer<typeof ClassroomContentStruct>;

export interface ClassroomContentInput {
  speakers?: { id?: string; name: string; role?: string | null }[];
  agenda?: { time: string; title: string }[];
}

const path = (id: string) => `/v1/live-streams/${encodeURIComponent(id)}/classroom`;

/** GET /v1/live-streams/{id}/classroom. */
export const getClassroomContent = (id: string) => api(path(id), ClassroomContentStruct);

export const classroomContentQueryOptions = (id: string) =>
  queryOptions({ queryKey: streamingKey('classroom', id), queryFn: () => getClassroomContent(id) });

export const useClassroomContent = (id: string) => useSuspenseQuery(classroomContentQueryOptions(id)).data;

/** PUT /v1/live-streams/{id}/classroom: each list sent replaces the current one (a speaker sent with
 * its `id` keeps its avatar). */
export const saveClassroomContent = (id: string, body: ClassroomContentInput) =>
  api(path(id), ClassroomContentStruct, { method: 'PUT', body });

const avatarPath = (id: string, speakerId: string) =>
  `${path(id)}/speakers/${encodeURIComponent(speakerId)}/avatar`;

/** POST …/speakers/{speakerId}/avatar, multipart `file` (PNG, JPEG or WebP, ≤ 10 MB). */
export function uploadSpeakerAvatar(id: string, speakerId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(avatarPath(id, speakerId), ClassroomContentStruct, { method: 'POST', body });
}

/** DELETE …/speakers/{speakerId}/avatar. */
export const removeSpeakerAvatar = (id: string, speakerId: string) =>
  api(avatarPath(id, speakerId), ClassroomContentStruct, { method: 'DELETE' });
