import type { ActiveOverlays, OverlayList, OverlayView } from '@contract/overlays';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { OverlayListStruct } from '../api/list-overlays';
import type { ActiveStruct } from '../api/live-overlays';
import type { OverlayStruct } from '../api/overlay';

// The console's structs equal what the server answers (contract/overlays.ts, which its TypeBox schemas
// equal): a field renamed, retyped or dropped on either side fails the typecheck of this file
// (docs/decisions.md "One contract for both sides: `contract/`").
describe('the overlays contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof OverlayStruct>>().toEqualTypeOf<OverlayView>();
    expectTypeOf<Infer<typeof OverlayListStruct>>().toEqualTypeOf<OverlayList>();
    expectTypeOf<Infer<typeof ActiveStruct>>().toEqualTypeOf<ActiveOverlays>();
  });
});
