import { type AccountView, findAccountById } from '../db/repositories/accounts.ts';
import { listMembershipsOfUser, type MembershipView } from '../db/repositories/memberships.ts';
import type { Executor } from '../db/schema.ts';
import type { UserRow } from '../db/tables/users.ts';
import { type Grant, STAFF_PERMISSION } from '../permissions.ts';

/** Who is calling: the user row and their teams, loaded once per authenticated request. */
export interface AuthContext {
  user: UserRow;
  /** The login this request belongs to (the token's `sid`), and the team chosen in it. */
  session: { id: string; selectedAccountId: string | null };
  memberships: MembershipView[];
  /** Holds `palcoDeveloper` in one of their roles: sees and may act in every account. */
  isStaff: boolean;
  /** Set when the call carries an API key: the context is then narrowed to it (services/api-keys.ts). */
  apiKey?: { id: string; name: string; prefix: string };
}

export interface TeamRole {
  nome: string;
  permissoes: string[];
}

export async function loadAuthContext(
  db: Executor,
  user: UserRow,
  session: AuthContext['session'],
): Promise<AuthContext> {
  return authContextOf(user, session, await listMembershipsOfUser(db, user.id));
}

/** The context from memberships already read (a session's request reads them with its user). */
export function authContextOf(
  user: UserRow,
  session: AuthContext['session'],
  memberships: MembershipView[],
): AuthContext {
  const isStaff = memberships.some((m) => m.permissions.includes(STAFF_PERMISSION));
  return { user, session, memberships, isStaff };
}

function staffMembership(auth: AuthContext): MembershipView | undefined {
  return auth.memberships.find((m) => m.permissions.includes(STAFF_PERMISSION));
}

/**
 * The role the caller acts with in an account: their own role there, or — for staff working in an
 * account they are not a member of — their staff role. `null` when they have no access.
 */
export function roleIn(auth: AuthContext, accountId: string | null | undefined): TeamRole | null {
  if (!accountId) return null;
  const own = auth.memberships.find((m) => m.accountId === accountId);
  if (own) return { nome: own.roleName, permissoes: own.permissions };
  const staff = auth.isStaff ? staffMembership(auth) : undefined;
  return staff ? { nome: staff.roleName, permissoes: staff.permissions } : null;
}

/**
 * The user-level "may manage team users" flag (`canManageTeamsUsers`) in one team: it is granted by a
 * client and holds only in the teams of that client the user is a member of, whatever a team of another
 * client made them (docs/security.md "Memberships and keys stay in their lane"). A key never has it.
 */
export function managesTeamUsersIn(auth: AuthContext, accountId: string | null | undefined): boolean {
  const { can_manage_teams_users: flag, manage_users_client_id: grantedBy } = auth.user;
  if (!flag || !grantedBy || !accountId || auth.apiKey) return false;
  return auth.memberships.some((m) => m.accountId === accountId && m.clientId === grantedBy);
}

/**
 * Whether the caller, acting in that account, holds one of the grants: the permission hook's rule
 * (plugins/permissions.ts), here so that services and integrations can ask it without importing a
 * plugin (docs/server.md "Layers").
 */
export function holdsAny(auth: AuthContext, accountId: string, grants: readonly Grant[]): boolean {
  const role = roleIn(auth, accountId);
  return grants.some((grant) => {
    if (grant === 'manageTeamUsers') return managesTeamUsersIn(auth, accountId);
    if (grant === 'staff') return auth.isStaff;
    return role?.permissoes.includes(grant) ?? false;
  });
}

function isMember(auth: AuthContext, accountId: string): boolean {
  return auth.memberships.some((m) => m.accountId === accountId);
}

/** The stored team choice, if the caller may still work there. */
export function selectedAccountId(auth: AuthContext): string | null {
  const selected = auth.session.selectedAccountId;
  if (selected && (isMember(auth, selected) || auth.isStaff)) return selected;
  return null;
}

/** The user's default team: the stored one if still a membership, else their first team. */
export function defaultAccountId(auth: AuthContext): string | null {
  const stored = auth.user.default_account_id;
  if (stored && isMember(auth, stored)) return stored;
  return auth.memberships[0]?.accountId ?? null;
}

/** The team a call works in: the `accountId` it names, else the selected team, else the default one. */
export function workingAccountId(auth: AuthContext, requested?: AccountView | null): string | null {
  return requested?.id ?? selectedAccountId(auth) ?? defaultAccountId(auth);
}

/** `GET /bff/me` and friends: docs/api.md "Session and auth". */
export async function buildMe(db: Executor, auth: AuthContext, requested: AccountView | null) {
  const { user, memberships } = auth;
  const selectedId = selectedAccountId(auth);
  const defaultId = defaultAccountId(auth);
  const role = roleIn(auth, workingAccountId(auth, requested));

  const clientOf = async (accountId: string | null) => {
    if (!accountId) return null;
    const membership = memberships.find((m) => m.accountId === accountId);
    if (membership) return { id: membership.clientId, nome: membership.clientName };
    const account = await findAccountById(db, accountId);
    return account ? { id: account.clientId, nome: account.clientName } : null;
  };

  const [selectedClient, ownClient] = await Promise.all([clientOf(selectedId), clientOf(defaultId)]);

  return {
    user: {
      _id: user.id,
      id: user.id,
      login: user.login,
      nome: user.name,
      avatar: user.avatar,
      // Every user has a team (the seed and user management make sure of it); the empty strings only
      // keep the documented string types for a user left without any.
      cargo: role?.nome ?? '',
      contaId: defaultId ?? '',
      diretorioRoot: user.root_directory ?? '',
      selectedTeamId: selectedId,
      clienteSelecionado: selectedClient?.id ?? null,
      cliente: ownClient ?? { id: '', nome: '' },
      // Whether the flag holds in the team worked in (it holds only in its granting client's teams).
      canManageTeamsUsers: managesTeamUsersIn(auth, workingAccountId(auth, requested)),
    },
    permissoes: role?.permissoes ?? [],
    contasCargos: memberships.map((m) => ({
      conta_id: m.accountId,
      conta_nome: m.accountName,
      conta_thumbnail: m.accountThumbnail,
      cliente: m.clientName,
      cargo_nome: m.roleName,
      permissoes: m.permissions,
      bloqueada: m.accountBlocked,
    })),
  };
}
