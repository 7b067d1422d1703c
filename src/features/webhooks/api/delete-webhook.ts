import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '@/lib/api-client';
import { webhookKey } from './keys';

/** DELETE /v1/webhooks/{id}: the endpoint, its log and its queued deliveries go. */
export const deleteWebhook = (id: string) =>
  apiVoid(`/v1/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKey('list') }),
  });
}
