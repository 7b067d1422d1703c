import { create } from 'superstruct';
import { type AuthState, AuthStateStruct, type Me, type Membership } from './entities';
import { isTokenExpired } from './jwt';
import { MANAGE_TEAM_USERS } from './permissions';

export const AUTH_STORAGE_KEY = 'v706-demo1-auth';
const EMPTY: AuthState = { authToken: null, user: null, permissions: [], contasCargos: [] };

function read(): AuthState {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    return raw ? create(JSON.parse(raw), AuthStateStruct) : EMPTY;
  } catch {
    return EMPTY;
  }
}

let state: AuthState = typeof localStorage === 'undefined' ? EMPTY : read();
const listeners = new Set<() => void>();

function write(next: AuthState) {
  state = next;
  if (next.authToken) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(AUTH_STORAGE_KEY);
  for (const l of listeners) l();
}

/** SPEC §4 team selection: the team's permissions replace the session's; manageTeamUsers is added
 * when the user may manage team users. */
export function teamPermissions(
  team: Pick<Membership, 'permissoes'>,
  canManageTeamsUsers: boolean,
): string[] {
  const perms = [...team.permissoes];
  if (canManageTeamsUsers && !perms.includes(MANAGE_TEAM_USERS)) perms.push(MANAGE_TEAM_USERS);
  return perms;
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Signed in with a token that has not expired (judged by its `exp` claim). */
  isAuthenticated: () => !isTokenExpired(state.authToken),
  /** Login stores the token; user data follows from GET /bff/me. */
  setToken(authToken: string) {
    write({ ...EMPTY, authToken });
  },
  /** After login (or on start) /bff/me fills user, permissions and contasCargos. */
  setMe(me: Me) {
    if (!state.authToken) return;
    const team = me.user.selectedTeamId
      ? me.contasCargos.find((c) => c.conta_id === me.user.selectedTeamId)
      : undefined;
    write({
      authToken: state.authToken,
      user: me.user,
      contasCargos: me.contasCargos,
      permissions: team ? teamPermissions(team, me.user.canManageTeamsUsers) : me.permissoes,
    });
  },
  /** An update merges user data. */
  updateUser(patch: Partial<NonNullable<AuthState['user']>>) {
    if (state.user) write({ ...state, user: { ...state.user, ...patch } });
  },
  clear() {
    write(EMPTY);
  },
  /** Another tab changed the stored session (team switch, logout). */
  reload() {
    state = read();
    for (const l of listeners) l();
  },
};
export type Session = typeof session;
