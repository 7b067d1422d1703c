/* The team administration's answers as JSON on the wire (docs/api-admin.md): users, invitations, roles,
 * permissions. Dates are ISO strings, absent values `null`. The server's TypeBox schemas
 * (server/src/routes/admin) are checked equal to these, the console's structs (src/features/admin/api)
 * checked against them (src/features/admin/__tests__/contract.test.ts). Plain types only: nothing here
 * imports. */

export interface RoleRef {
  id: string;
  name: string;
}

/** A user of the team (`GET /v1/users`). */
export interface TeamUser {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  role: RoleRef;
  lastAccess: string | null; // null: never
}

/** An open invitation to the team. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: RoleRef;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** `GET /v1/users`: one page of the team's users and its open invitations. */
export interface UsersPage {
  items: TeamUser[];
  invitations: PendingInvitation[];
  pagination: { page: number; total: number; pagesTotal: number };
}

/** A role of the team (`GET|POST /v1/roles`, `PATCH /v1/roles/{id}`). */
export interface Role {
  id: string;
  name: string;
  permissions: string[];
  usersCount: number;
  invitationsCount: number;
}

/** One permission (`GET /v1/permissions`): what it opens, its description in the reader's language and
 * the roles holding it. */
export interface PermissionEntry {
  permission: string;
  description: string;
  opens: string[];
  roles: {
    id: string;
    name: string;
    team: { id: string; name: string };
    client: { id: string; name: string };
  }[];
}

/** One team of the working team's client (`/teams`, `GET|POST|PATCH /v1/client-teams…`). */
export interface ClientTeam {
  id: string;
  name: string;
  thumbnail: string | null;
  blocked: boolean; // blocked for non-payment
  createdAt: string; // ISO date-time
  membersCount: number;
}

/** `GET /v1/client-teams`: the client and its teams. */
export interface ClientTeams {
  client: { id: string; name: string };
  items: ClientTeam[];
}
