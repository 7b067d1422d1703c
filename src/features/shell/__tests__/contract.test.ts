import type { Team } from '@contract/teams';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { TeamStruct } from '../api/get-teams';

// What the server answers (contract/teams.ts, which its TypeBox schema equals) is what the console's
// struct accepts, and the struct reads no field the server does not send (docs/decisions.md "One contract
// for both sides: `contract/`"). Looser: `thumbnail`, `cliente` and `bloqueada` are optional in the
// struct though the server always sends them, so the answer must extend the struct.
describe('the team switcher contract', () => {
  it("the struct accepts every answer and reads only the answer's fields", () => {
    expectTypeOf<Team>().toExtend<Infer<typeof TeamStruct>>();
    expectTypeOf<keyof Infer<typeof TeamStruct>>().toEqualTypeOf<keyof Team>();
  });
});
