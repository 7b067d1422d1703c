import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';

/** DELETE /v1/videos/{id}: 204. */
export const deleteVideo = (id: string) =>
  apiVoid(`/v1/videos/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vod'] }),
  });
};
