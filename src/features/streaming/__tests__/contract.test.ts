import type { Signal, Stream, StreamPage, StreamSettingsView } from '@contract/streams';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { StreamPageStruct } from '../api/list-streams';
import type { SettingsStruct, SignalStruct, StreamStruct } from '../api/stream';

// What the server answers (contract/streams.ts, which its TypeBox schemas equal) is what the console's
// structs accept, and the structs read no field the server does not send: a field renamed, retyped or
// dropped on either side fails the typecheck of this file (docs/decisions.md "One contract for both
// sides: `contract/`"). StreamStruct is looser on purpose: it leaves out `_id` (the older API's name of
// `id`) and keeps `classroom` and `recordingStatus` optional though the server always sends them; so the
// answer must extend it and its fields be among the answer's.
describe('the streams contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof SignalStruct>>().toEqualTypeOf<Signal>();
    expectTypeOf<Infer<typeof SettingsStruct>>().toEqualTypeOf<StreamSettingsView>();
  });

  it("the looser structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<Stream>().toExtend<Infer<typeof StreamStruct>>();
    expectTypeOf<keyof Infer<typeof StreamStruct>>().toExtend<keyof Stream>();
    expectTypeOf<StreamPage>().toExtend<Infer<typeof StreamPageStruct>>();
    expectTypeOf<keyof Infer<typeof StreamPageStruct>['pagination']>().toEqualTypeOf<
      keyof StreamPage['pagination']
    >();
  });
});
