import type { InvitationLink, LoginAnswer, RecoveryAnswer } from '@contract/auth';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { InvitationStruct } from '../api/get-invitation';
import type { LoginResponseStruct } from '../api/login';
import type { SendRecoveryEmailStruct } from '../api/send-recovery-email';
import type { UpdatePasswordStruct } from '../api/update-password';

// What the server answers (contract/auth.ts, which its TypeBox schemas equal) is what the console's
// structs accept (docs/decisions.md "One contract for both sides: `contract/`"). Looser: the recovery
// answers' `ok` is an optional boolean in the structs (the console reads only the status) though the
// server always sends `true`, so the answer must extend the struct and the struct read only its fields.
describe('the sign-in and invitation-link contract', () => {
  it('the structs equal the answers', () => {
    expectTypeOf<Infer<typeof LoginResponseStruct>>().toEqualTypeOf<LoginAnswer>();
    expectTypeOf<Infer<typeof InvitationStruct>>().toEqualTypeOf<InvitationLink>();
  });

  it("the recovery structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<RecoveryAnswer>().toExtend<Infer<typeof SendRecoveryEmailStruct>>();
    expectTypeOf<keyof Infer<typeof SendRecoveryEmailStruct>>().toEqualTypeOf<keyof RecoveryAnswer>();
    expectTypeOf<RecoveryAnswer>().toExtend<Infer<typeof UpdatePasswordStruct>>();
    expectTypeOf<keyof Infer<typeof UpdatePasswordStruct>>().toEqualTypeOf<keyof RecoveryAnswer>();
  });
});
