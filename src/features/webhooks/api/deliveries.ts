import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { array, enums, type Infer, integer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { webhookKey } from './keys';

export const DeliveryStruct = type({
  id: string(),
  event: string(),
  status: enums(['pending', 'success', 'failed']),
  attempts: integer(),
  responseCode: nullable(integer()),
  durationMs: nullable(integer()),
  error: nullable(string()),
  createdAt: string(),
  lastAttemptAt: nullable(string()),
});
export type Delivery = Infer<typeof DeliveryStruct>;

export const DeliveryListStruct = type({ deliveries: array(DeliveryStruct) });
export const RedeliveryStruct = type({ delivery: DeliveryStruct });

/** GET /v1/webhooks/{id}/deliveries: the last 50; polled while one is still pending. */
export function useDeliveries(webhookId: string) {
  return useQuery({
    queryKey: webhookKey('deliveries', webhookId),
    queryFn: () => api(`/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries`, DeliveryListStruct),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
  });
}

/** POST …/redeliver ("Enviar de novo"): a new delivery of the same body, queued now. */
export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api(
        `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        RedeliveryStruct,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKey('deliveries', webhookId) }),
  });
}
