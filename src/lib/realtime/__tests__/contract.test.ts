import type { EventPayloads } from '@contract/realtime';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AnalyticsEventStruct,
  FpsAlertEventStruct,
  LiveStatusEventStruct,
  SignalHealthEventStruct,
  VideoStatusEventStruct,
  ViewerCountEventStruct,
} from '../events';

// What the server raises (contract/realtime.ts) is what the console's structs accept: a field renamed,
// retyped or dropped on either side fails the typecheck of this file (`npm test` runs tsc).
type Sent<E extends keyof EventPayloads> = EventPayloads[E] & { id: string; timestamp: string; evento: E };

describe('the account websocket contract', () => {
  it("the console's structs accept every payload the server sends", () => {
    expectTypeOf<Sent<'live_status'>>().toExtend<Infer<typeof LiveStatusEventStruct>>();
    expectTypeOf<Sent<'sinal_saude'>>().toExtend<Infer<typeof SignalHealthEventStruct>>();
    expectTypeOf<Sent<'alerta_fps_alto'>>().toExtend<Infer<typeof FpsAlertEventStruct>>();
    expectTypeOf<Sent<'video_status'>>().toExtend<Infer<typeof VideoStatusEventStruct>>();
    expectTypeOf<Sent<'espectadores'>>().toExtend<Infer<typeof ViewerCountEventStruct>>();
    expectTypeOf<Sent<'analytics'>>().toExtend<Infer<typeof AnalyticsEventStruct>>();
  });
});
