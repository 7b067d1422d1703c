import type { AuthState } from '@/lib/entities';

/** The part of the session a role change or a removal changes: what the menu and the guards read. */
export function accessOf(state: Pick<AuthState, 'permissions' | 'contasCargos' | 'user'>): string {
  return JSON.stringify([
    [...state.permissions].sort(),
    state.contasCargos.map((c) => [c.conta_id, c.cargo_nome, [...c.permissoes].sort()]),
    state.user?.selectedTeamId ?? null,
  ]);
}

/** At most one /bff/me refresh per this many milliseconds, whatever triggers it. */
export const REFRESH_EVERY_MS = 2000;

/** A refresh is worth it after a 403 (permissions may have shrunk) or a 404 (the team may be gone). */
export const refreshesOn = (status: number) => status === 403 || status === 404;
