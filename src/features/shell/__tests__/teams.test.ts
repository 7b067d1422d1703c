import { describe, expect, it } from 'vitest';
import type { Membership, User } from '@/lib/entities';
import { fromMembership, fromTeam, loadTeamOptions, type Team } from '../api/get-teams';
import { initials } from '../format';

const membership: Membership = {
  conta_id: 'a1',
  conta_nome: 'Demo Produções',
  conta_thumbnail: null,
  cliente: 'Demo',
  cargo_nome: 'operador',
  permissoes: ['showStreaming'],
  bloqueada: false,
};
const team: Team = {
  accountId: 'a2',
  name: 'Eventos Ao Vivo',
  thumbnail: 'https://img.test/t.png',
  bloqueada: true,
  userTeamRole: { nome: 'administrador', permissoes: [] },
};
const user = (canManageTeamsUsers: boolean) => ({ id: 'u1', canManageTeamsUsers }) as User;

describe('team list source (SPEC §4)', () => {
  it('maps memberships and teams to one shape', () => {
    expect(fromMembership(membership)).toEqual({
      id: 'a1',
      name: 'Demo Produções',
      roleName: 'operador',
      thumbnail: null,
      blocked: false,
    });
    expect(fromTeam(team)).toEqual({
      id: 'a2',
      name: 'Eventos Ao Vivo',
      roleName: 'administrador',
      thumbnail: 'https://img.test/t.png',
      blocked: true,
    });
  });

  it('asks the teams API only when the user can manage team users', async () => {
    let calls = 0;
    const ensure = async () => {
      calls++;
      return [team];
    };
    expect((await loadTeamOptions(ensure, user(false), [membership])).map((t) => t.id)).toEqual(['a1']);
    expect(calls).toBe(0);
    expect((await loadTeamOptions(ensure, user(true), [membership])).map((t) => t.id)).toEqual(['a2']);
    expect(calls).toBe(1);
  });
});

describe('format', () => {
  it('takes up to two initials', () => {
    expect(initials('Demo Produções')).toBe('DP');
    expect(initials('Eventos Ao Vivo')).toBe('EV');
    expect(initials('palco')).toBe('P');
    expect(initials('  ')).toBe('?');
  });
});
