import type { VodAnalytics } from '@contract/analytics';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { VodAnalyticsStruct } from '../api/get-vod-analytics';

// What the server answers (contract/analytics.ts, which its TypeBox schema equals) is what the console's
// struct accepts, and the struct reads no field the server does not send (docs/decisions.md "One contract
// for both sides: `contract/`").
describe('the VOD analytics contract', () => {
  it('the struct equals the answer', () => {
    expectTypeOf<Infer<typeof VodAnalyticsStruct>>().toEqualTypeOf<VodAnalytics>();
  });
});
