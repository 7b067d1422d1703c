import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { webhookKey } from './keys';

export const WebhookStruct = type({
  id: string(),
  url: string(),
  events: array(string()),
  createdAt: string(),
});
export type Webhook = Infer<typeof WebhookStruct>;

export const WebhookListStruct = type({ webhooks: array(WebhookStruct), events: array(string()) });

/** GET /v1/webhooks: the team's endpoints and the events one may subscribe to (docs/webhooks.md). */
export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhookKey('list'), queryFn: () => api('/v1/webhooks', WebhookListStruct) });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
