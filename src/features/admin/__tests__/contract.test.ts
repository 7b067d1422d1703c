import type {
  ClientTeam,
  ClientTeams,
  PendingInvitation,
  PermissionEntry,
  Role,
  TeamUser,
  UsersPage,
} from '@contract/admin';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { ClientTeamStruct, ClientTeamsStruct } from '../api/list-client-teams';
import type { PermissionEntryStruct } from '../api/list-permissions';
import type { RoleStruct } from '../api/list-roles';
import type { PendingInvitationStruct, TeamUserStruct, UsersPageStruct } from '../api/list-users';

// What the server answers (contract/admin.ts, which its TypeBox schemas equal) is what the console's
// structs accept, and the structs read no field the server does not send: a field renamed, retyped or
// dropped on either side fails the typecheck of this file (docs/decisions.md "One contract for both
// sides: `contract/`"). Looser: a user's `avatar` is optional in the struct though the server always sends
// it, and an invitation's `createdAt` is not read, so those answers must extend the structs.
describe('the team administration contract', () => {
  it('the structs equal the answers they read', () => {
    expectTypeOf<Infer<typeof RoleStruct>>().toEqualTypeOf<Role>();
    expectTypeOf<Infer<typeof PermissionEntryStruct>>().toEqualTypeOf<PermissionEntry>();
    expectTypeOf<Infer<typeof ClientTeamStruct>>().toEqualTypeOf<ClientTeam>();
    expectTypeOf<Infer<typeof ClientTeamsStruct>>().toEqualTypeOf<ClientTeams>();
  });

  it("the looser structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<TeamUser>().toExtend<Infer<typeof TeamUserStruct>>();
    expectTypeOf<keyof Infer<typeof TeamUserStruct>>().toEqualTypeOf<keyof TeamUser>();
    expectTypeOf<PendingInvitation>().toExtend<Infer<typeof PendingInvitationStruct>>();
    expectTypeOf<keyof Infer<typeof PendingInvitationStruct>>().toExtend<keyof PendingInvitation>();
    expectTypeOf<UsersPage>().toExtend<Infer<typeof UsersPageStruct>>();
    expectTypeOf<keyof Infer<typeof UsersPageStruct>>().toEqualTypeOf<keyof UsersPage>();
  });
});
