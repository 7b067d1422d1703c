import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTemporal } from '@/lib/temporal';
import { buildLogsQuery, scopedAccount, type Viewer } from '../lib/query';

const TEAM = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const CLIENT = '33333333-3333-4333-8333-333333333333';
const range = { start: Temporal.PlainDate.from('2026-01-01'), end: Temporal.PlainDate.from('2026-01-02') };

const staff: Viewer = { staff: true, canPickTeam: true, selectedTeamId: TEAM };
const owner: Viewer = { staff: false, canPickTeam: true, selectedTeamId: TEAM };
const operator: Viewer = { staff: false, canPickTeam: false, selectedTeamId: TEAM };

beforeAll(async () => {
  await loadTemporal();
});

describe('scopedAccount', () => {
  it('lets staff see every account unless a client and a team are picked', () => {
    expect(scopedAccount({}, staff)).toBeUndefined();
    expect(scopedAccount({ accountId: OTHER }, staff)).toBeUndefined();
    expect(scopedAccount({ clientId: CLIENT }, staff)).toBeUndefined();
    expect(scopedAccount({ clientId: CLIENT, accountId: OTHER }, staff)).toBe(OTHER);
  });

  it('defaults everyone else to the selected team; a team pick counts only with gerenciarTimes', () => {
    expect(scopedAccount({}, owner)).toBe(TEAM);
    expect(scopedAccount({ accountId: OTHER }, owner)).toBe(OTHER);
    expect(scopedAccount({ accountId: OTHER }, operator)).toBe(TEAM);
    expect(scopedAccount({ clientId: CLIENT }, operator)).toBe(TEAM);
  });
});

describe('buildLogsQuery', () => {
  it('sends the defaults, the range and the scope', () => {
    expect(buildLogsQuery({}, operator, range, 'UTC')).toEqual({
      page: 1,
      limit: 10,
      order: 'desc',
      clientId: undefined,
      accountId: TEAM,
      start: '2026-01-01T00:00:00Z',
      end: '2026-01-02T23:59:59.999Z',
    });
  });

  it('sends the search text as identifier or user, never both', () => {
    const byId = buildLogsQuery({ q: 'abc' }, operator, range, 'UTC');
    expect(byId.identifier).toBe('abc');
    expect('user' in byId).toBe(false);
    const byUser = buildLogsQuery(
      { q: 'owner', by: 'user', page: 4, limit: 50, order: 'asc' },
      operator,
      range,
      'UTC',
    );
    expect(byUser).toMatchObject({ user: 'owner', page: 4, limit: 50, order: 'asc' });
    expect('identifier' in byUser).toBe(false);
  });

  it('sends the client filter for staff only', () => {
    expect(buildLogsQuery({ clientId: CLIENT }, staff, range, 'UTC').clientId).toBe(CLIENT);
    expect(buildLogsQuery({ clientId: CLIENT }, owner, range, 'UTC').clientId).toBeUndefined();
  });
});
