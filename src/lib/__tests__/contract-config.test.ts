import type { ConsoleConfig } from '@contract/config';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { ConsoleConfigStruct } from '../server-config';

// What the server answers at /bff/config (contract/config.ts, which its TypeBox schema equals) is what the
// console's struct accepts (docs/decisions.md "One contract for both sides: `contract/`"). Looser: the
// struct leaves out `productName` and `version` (the console does not show them) and keeps the ingest
// fields and `autoSubtitleLanguages` optional, so the answer must extend it and its fields be among the
// answer's.
describe('the console configuration contract', () => {
  it("the struct accepts every answer and reads only the answer's fields", () => {
    expectTypeOf<ConsoleConfig>().toExtend<Infer<typeof ConsoleConfigStruct>>();
    expectTypeOf<keyof Infer<typeof ConsoleConfigStruct>>().toExtend<keyof ConsoleConfig>();
  });
});
