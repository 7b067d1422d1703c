import type { LineItem, Plan, Statements, Usage } from '@contract/billing';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { LineItemStruct, StatementsStruct } from '../api/get-statements';
import type { PlanStruct, UsageStruct } from '../api/get-usage';

// The console's structs equal what the server answers (contract/billing.ts, which its TypeBox schemas
// equal): a field renamed, retyped or dropped on either side fails the typecheck of this file
// (docs/decisions.md "One contract for both sides: `contract/`").
describe('the billing contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof PlanStruct>>().toEqualTypeOf<Plan>();
    expectTypeOf<Infer<typeof UsageStruct>>().toEqualTypeOf<Usage>();
    expectTypeOf<Infer<typeof LineItemStruct>>().toEqualTypeOf<LineItem>();
    expectTypeOf<Infer<typeof StatementsStruct>>().toEqualTypeOf<Statements>();
  });
});
