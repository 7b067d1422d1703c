import { describe, expect, it } from 'vitest';
import { hasPermission, isStaff, ROUTE_GATES } from '../permissions';
import { teamPermissions } from '../session';

describe('hasPermission (SPEC §6: one string or a list, any match)', () => {
  it('checks a single permission', () => {
    expect(hasPermission(['showVOD'], 'showVOD')).toBe(true);
    expect(hasPermission(['showVOD'], 'showFinancial')).toBe(false);
  });
  it('accepts any match of a list', () => {
    expect(hasPermission(['manageTeamUsers'], ROUTE_GATES['/users'])).toBe(true);
    expect(hasPermission(['showUsers'], ROUTE_GATES['/users'])).toBe(true);
    expect(hasPermission(['showVOD'], ROUTE_GATES['/users'])).toBe(false);
    expect(hasPermission([], [])).toBe(false);
  });
  it('gates /integrations on the developer permission or integrations', () => {
    expect(hasPermission(['palcoDeveloper'], ROUTE_GATES['/integrations'])).toBe(true);
    expect(hasPermission(['integrations'], ROUTE_GATES['/integrations'])).toBe(true);
    expect(hasPermission(['api'], ROUTE_GATES['/integrations'])).toBe(false);
  });
  it('gates /analytics on showStreamingAnalytics or the developer permission (the API lets staff in)', () => {
    expect(hasPermission(['showStreamingAnalytics'], ROUTE_GATES['/analytics'])).toBe(true);
    expect(hasPermission(['palcoDeveloper'], ROUTE_GATES['/analytics'])).toBe(true);
    expect(hasPermission(['palcoStudioAnalytics'], ROUTE_GATES['/analytics'])).toBe(false);
  });
  it('gates /analytics/vod like /analytics (VOD analytics)', () => {
    expect(hasPermission(['showStreamingAnalytics'], ROUTE_GATES['/analytics/vod'])).toBe(true);
    expect(hasPermission(['palcoDeveloper'], ROUTE_GATES['/analytics/vod'])).toBe(true);
    expect(hasPermission(['showVOD'], ROUTE_GATES['/analytics/vod'])).toBe(false);
  });
  it('recognises staff by palcoDeveloper', () => {
    expect(isStaff(['palcoDeveloper'])).toBe(true);
    expect(isStaff(['showClients'])).toBe(false);
  });
});

describe('teamPermissions (SPEC §4 team selection)', () => {
  const team = { permissoes: ['showStreaming', 'showVOD'] };
  it("replaces the permissions with the team's", () => {
    expect(teamPermissions(team, false)).toEqual(['showStreaming', 'showVOD']);
  });
  it('adds manageTeamUsers when the user may manage team users', () => {
    expect(teamPermissions(team, true)).toEqual(['showStreaming', 'showVOD', 'manageTeamUsers']);
  });
  it('does not add it twice nor change the team', () => {
    const t = { permissoes: ['manageTeamUsers'] };
    expect(teamPermissions(t, true)).toEqual(['manageTeamUsers']);
    expect(t.permissoes).toEqual(['manageTeamUsers']);
  });
});
