import type { ClassroomContent } from '@contract/classroom';
import type { SimulcastTarget } from '@contract/integrations';
import type {
  AccountUser,
  GuestLink,
  Signal,
  SignalPreview,
  SignalStatus,
  Stream,
  StreamPage,
  StreamSettingsView,
} from '@contract/streams';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { ClassroomContentStruct } from '../api/classroom';
import type { SignalStatusStruct } from '../api/get-signals-status';
import type { SimulcastTargetStruct } from '../api/get-simulcast';
import type { GuestLinkStruct } from '../api/guest-link';
import type { SignalPreviewStruct } from '../api/ingest';
import type { AccountUserStruct } from '../api/list-account-users';
import type { StreamPageStruct } from '../api/list-streams';
import type { SettingsStruct, SignalStruct, StreamStruct } from '../api/stream';

// What the server answers (contract/streams.ts, which its TypeBox schemas equal) is what the console's
// structs accept, and the structs read no field the server does not send: a field renamed, retyped or
// dropped on either side fails the typecheck of this file (docs/decisions.md "One contract for both
// sides: `contract/`"). StreamStruct is looser on purpose: it leaves out `_id` (the older API's name of
// `id`) and keeps `classroom` and `recordingStatus` optional though the server always sends them; so the
// answer must extend it and its fields be among the answer's. Looser too: the users list keeps `avatar`
// and `cargo` optional, a simulcast destination leaves out `liveId` and `error` (the panel shows the
// reason in the user's language) and a signal's status leaves out `whipDropped` (no screen of the console
// shows it yet).
describe('the streams contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof SignalStruct>>().toEqualTypeOf<Signal>();
    expectTypeOf<Infer<typeof SettingsStruct>>().toEqualTypeOf<StreamSettingsView>();
    expectTypeOf<Infer<typeof SignalPreviewStruct>>().toEqualTypeOf<SignalPreview>();
    expectTypeOf<Infer<typeof GuestLinkStruct>>().toEqualTypeOf<GuestLink>();
    expectTypeOf<Infer<typeof ClassroomContentStruct>>().toEqualTypeOf<ClassroomContent>();
  });

  it("the looser structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<Stream>().toExtend<Infer<typeof StreamStruct>>();
    expectTypeOf<keyof Infer<typeof StreamStruct>>().toExtend<keyof Stream>();
    expectTypeOf<StreamPage>().toExtend<Infer<typeof StreamPageStruct>>();
    expectTypeOf<keyof Infer<typeof StreamPageStruct>['pagination']>().toEqualTypeOf<
      keyof StreamPage['pagination']
    >();
    expectTypeOf<AccountUser>().toExtend<Infer<typeof AccountUserStruct>>();
    expectTypeOf<keyof Infer<typeof AccountUserStruct>>().toEqualTypeOf<keyof AccountUser>();
    expectTypeOf<SimulcastTarget>().toExtend<Infer<typeof SimulcastTargetStruct>>();
    expectTypeOf<keyof Infer<typeof SimulcastTargetStruct>>().toExtend<keyof SimulcastTarget>();
    expectTypeOf<SignalStatus>().toExtend<Infer<typeof SignalStatusStruct>>();
    expectTypeOf<keyof Infer<typeof SignalStatusStruct>>().toExtend<keyof SignalStatus>();
  });
});
