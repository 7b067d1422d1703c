import type { LiveSummary } from '@contract/analytics';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { SummaryStruct } from '../api/get-summary';

type Struct = Infer<typeof SummaryStruct>;

// What the server answers (contract/analytics.ts, which its TypeBox schema equals) is what the console's
// struct accepts, and the struct reads no field the server does not send (docs/decisions.md "One contract
// for both sides: `contract/`"). Looser on purpose: figures the page shows as "—" are optional and
// nullable, and a signal carries `publicando`, which the summary never sends (it lists only publishing
// signals) but the live's `sinal_saude` events write into the cached summary (lib/events.ts).
describe('the live analytics summary contract', () => {
  it("the struct accepts every answer and reads only the answer's fields", () => {
    expectTypeOf<LiveSummary>().toExtend<Struct>();
    expectTypeOf<Exclude<keyof Struct, keyof LiveSummary>>().toEqualTypeOf<never>();
    expectTypeOf<keyof Struct['live']>().toEqualTypeOf<keyof LiveSummary['live']>();
    expectTypeOf<
      Exclude<keyof Struct['signals'][number], keyof LiveSummary['signals'][number] | 'publicando'>
    >().toEqualTypeOf<never>();
    expectTypeOf<keyof Struct['liveDetails']['locations'][number]>().toEqualTypeOf<
      keyof LiveSummary['liveDetails']['locations'][number]
    >();
  });
});
