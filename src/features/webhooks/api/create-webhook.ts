import { useMutation, useQueryClient } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { webhookKey } from './keys';
import { WebhookStruct } from './list-webhooks';

export const CreatedWebhookStruct = type({ webhook: WebhookStruct, secret: string() });

/** POST /v1/webhooks: the answer carries the signing secret, shown this once. */
export const createWebhook = (body: { url: string; events: string[] }) =>
  api('/v1/webhooks', CreatedWebhookStruct, { method: 'POST', body });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKey('list') }),
  });
}
