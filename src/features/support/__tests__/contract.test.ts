import type {
  PlayerEvent,
  SupportLive,
  SupportView,
  SupportViewDetail,
  SupportViewsPage,
} from '@contract/support';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { SupportLiveStruct } from '../api/get-live-details';
import type { PlayerEventStruct, ViewDetailStruct } from '../api/get-view';
import type { ViewsPageStruct } from '../api/list-views';
import type { ViewStruct } from '../api/view';

// What the server answers (contract/support.ts, which its TypeBox schemas equal) is what the console's
// structs accept (docs/decisions.md "One contract for both sides: `contract/`"). Looser: a view leaves
// out `lastAt` and keeps `rendition` optional; a player event leaves out `view` and `cdn` and keeps
// `startupMs`, `bitrateKbps` and `state` optional — the page does not show them. So the answer must extend
// the struct and the struct read only the answer's fields.
describe('the customer-support contract', () => {
  it('the live struct equals the answer', () => {
    expectTypeOf<Infer<typeof SupportLiveStruct>>().toEqualTypeOf<SupportLive>();
  });

  it("the looser structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<SupportView>().toExtend<Infer<typeof ViewStruct>>();
    expectTypeOf<keyof Infer<typeof ViewStruct>>().toExtend<keyof SupportView>();
    expectTypeOf<PlayerEvent>().toExtend<Infer<typeof PlayerEventStruct>>();
    expectTypeOf<keyof Infer<typeof PlayerEventStruct>>().toExtend<keyof PlayerEvent>();
    expectTypeOf<SupportViewsPage>().toExtend<Infer<typeof ViewsPageStruct>>();
    expectTypeOf<keyof Infer<typeof ViewsPageStruct>>().toEqualTypeOf<keyof SupportViewsPage>();
    expectTypeOf<SupportViewDetail>().toExtend<Infer<typeof ViewDetailStruct>>();
    expectTypeOf<keyof Infer<typeof ViewDetailStruct>>().toEqualTypeOf<keyof SupportViewDetail>();
    type Detail = Infer<typeof ViewDetailStruct>;
    expectTypeOf<keyof Detail['tech_info']>().toEqualTypeOf<keyof SupportViewDetail['tech_info']>();
    expectTypeOf<keyof Detail['geo_info']>().toEqualTypeOf<keyof SupportViewDetail['geo_info']>();
  });
});
