import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type OverlayPosition, OverlayStruct, overlaysKey, overlaysPath } from './overlay';

export interface NewOverlay {
  name: string;
  kind: 'image' | 'text';
  text: string | null;
  position: OverlayPosition;
  widthPercent: number;
  color: string | null;
  /** Kind image: sent right after the overlay is created. */
  file?: File | null;
}

/** POST /v1/accounts/{accountId}/overlays, then (kind image) POST …/{overlayId}/image with the file. */
export function useCreateOverlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, ...body }: NewOverlay) => {
      const created = await api(overlaysPath(), OverlayStruct, { method: 'POST', body });
      if (body.kind !== 'image' || !file) return created;
      const form = new FormData();
      form.append('file', file, file.name);
      return api(overlaysPath(`/${encodeURIComponent(created.id)}/image`), OverlayStruct, {
        method: 'POST',
        body: form,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: overlaysKey() }),
  });
}
