import type { Me, Membership, SessionUser } from '@contract/session';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { MembershipStruct, MeStruct, UserStruct } from '../entities';

// What the server answers at /bff/me (contract/session.ts, which its TypeBox schema equals) is what the
// console's structs accept, and they read no field the server does not send (docs/decisions.md "One
// contract for both sides: `contract/`"). Looser: a membership's `bloqueada` is optional in the struct
// though the server always sends it, so the answer must extend the struct.
describe('the session contract', () => {
  it('the user struct equals the answer', () => {
    expectTypeOf<Infer<typeof UserStruct>>().toEqualTypeOf<SessionUser>();
  });

  it("the looser structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<Membership>().toExtend<Infer<typeof MembershipStruct>>();
    expectTypeOf<keyof Infer<typeof MembershipStruct>>().toEqualTypeOf<keyof Membership>();
    expectTypeOf<Me>().toExtend<Infer<typeof MeStruct>>();
    expectTypeOf<keyof Infer<typeof MeStruct>>().toEqualTypeOf<keyof Me>();
  });
});
