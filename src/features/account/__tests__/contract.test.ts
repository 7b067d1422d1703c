import type { AccountSettings } from '@contract/account';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { AccountSettingsStruct } from '../api/account-settings';

// The console's struct equals what the server answers (contract/account.ts, which its TypeBox schema
// equals): a field renamed, retyped or dropped on either side fails the typecheck of this file
// (docs/decisions.md "One contract for both sides: `contract/`").
describe('the account settings contract', () => {
  it('the struct equals the answer it reads', () => {
    expectTypeOf<Infer<typeof AccountSettingsStruct>>().toEqualTypeOf<AccountSettings>();
  });
});
