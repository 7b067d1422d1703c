import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VideoStruct } from './structs';

export interface VideoChanges {
  title?: string;
  description?: string;
  directoryId?: string | null;
}

/** PATCH /v1/videos/{id}. */
export const updateVideo = (id: string, changes: VideoChanges) =>
  api(`/v1/videos/${encodeURIComponent(id)}`, VideoStruct, { method: 'PATCH', body: changes });

export const useUpdateVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: VideoChanges }) => updateVideo(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vod'] }),
  });
};
