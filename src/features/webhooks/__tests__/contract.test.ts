import type {
  CreatedWebhook,
  Delivery,
  DeliveryList,
  Redelivery,
  Webhook,
  WebhookList,
} from '@contract/webhooks';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { CreatedWebhookStruct } from '../api/create-webhook';
import type { DeliveryListStruct, DeliveryStruct, RedeliveryStruct } from '../api/deliveries';
import type { WebhookListStruct, WebhookStruct } from '../api/list-webhooks';

// The console's structs equal what the server answers (contract/webhooks.ts, which its TypeBox schemas
// equal): a field renamed, retyped or dropped on either side fails the typecheck of this file
// (docs/decisions.md "One contract for both sides: `contract/`").
describe('the webhooks contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof WebhookStruct>>().toEqualTypeOf<Webhook>();
    expectTypeOf<Infer<typeof WebhookListStruct>>().toEqualTypeOf<WebhookList>();
    expectTypeOf<Infer<typeof CreatedWebhookStruct>>().toEqualTypeOf<CreatedWebhook>();
    expectTypeOf<Infer<typeof DeliveryStruct>>().toEqualTypeOf<Delivery>();
    expectTypeOf<Infer<typeof DeliveryListStruct>>().toEqualTypeOf<DeliveryList>();
    expectTypeOf<Infer<typeof RedeliveryStruct>>().toEqualTypeOf<Redelivery>();
  });
});
