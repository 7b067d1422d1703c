import type { ApiKey, CreatedApiKey, KeyScope } from '@contract/api-keys';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiKeyStruct, CreatedKeyStruct, ScopeStruct } from '../api/api-keys';

// The console's structs equal what the server answers (contract/api-keys.ts, which its TypeBox schemas
// equal): a field renamed, retyped or dropped on either side fails the typecheck of this file
// (docs/decisions.md "One contract for both sides: `contract/`").
describe('the API keys contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof ApiKeyStruct>>().toEqualTypeOf<ApiKey>();
    expectTypeOf<Infer<typeof CreatedKeyStruct>>().toEqualTypeOf<CreatedApiKey>();
    expectTypeOf<Infer<typeof ScopeStruct>>().toEqualTypeOf<KeyScope>();
  });
});
