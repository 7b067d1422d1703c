import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastMessage } from '@/lib/broadcast';
import type { AuthState } from '@/lib/entities';
import { installTabSync } from '../lib/tab-sync';

const user = (selectedTeamId: string | null) =>
  ({ id: 'u1', selectedTeamId }) as unknown as NonNullable<AuthState['user']>;
const state = (authToken: string | null, teamId: string | null = null): AuthState => ({
  authToken,
  user: authToken ? user(teamId) : null,
  permissions: [],
  contasCargos: [],
});

/** A session whose "stored" value the test changes, as another tab would. */
function fakeSession(initial: AuthState) {
  let current = initial;
  let stored = initial;
  return {
    setStored: (s: AuthState) => {
      stored = s;
    },
    get: () => current,
    reload: vi.fn(() => {
      current = stored;
    }),
    clear: vi.fn(() => {
      current = state(null);
      stored = current;
    }),
  };
}

function setup(initial: AuthState, path = '/streaming') {
  const session = fakeSession(initial);
  const queryClient = new QueryClient();
  queryClient.setQueryData(['session', 'me'], { old: true });
  queryClient.setQueryData(['lives', 'list'], [1, 2]);
  let deliver: (m: BroadcastMessage) => void = () => undefined;
  const storage = new EventTarget();
  const deps = {
    session,
    queryClient,
    invalidateRouter: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => path,
    subscribe: (fn: (m: BroadcastMessage) => void) => {
      deliver = fn;
      return () => undefined;
    },
    storageTarget: storage as unknown as Window,
  };
  const stop = installTabSync(deps);
  const storageEvent = (key: string | null) => {
    const e = new Event('storage');
    Object.assign(e, { key });
    storage.dispatchEvent(e);
  };
  return { ...deps, deliver: (m: BroadcastMessage) => deliver(m), storageEvent, stop };
}

afterEach(() => vi.restoreAllMocks());

describe('cross-tab sync', () => {
  it("'team' reloads the stored session, drops the old team's data and re-runs the guards", () => {
    const t = setup(state('tok', 'team-a'));
    t.session.setStored(state('tok', 'team-b'));
    t.deliver({ type: 'team', teamId: 'team-b' });
    expect(t.session.get().user?.selectedTeamId).toBe('team-b');
    expect(t.queryClient.getQueryData(['session', 'me'])).toBeUndefined();
    expect(t.queryClient.getQueryState(['lives', 'list'])?.isInvalidated).toBe(true);
    expect(t.invalidateRouter).toHaveBeenCalledOnce();
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('the storage event after the broadcast finds nothing new to do', () => {
    const t = setup(state('tok', 'team-a'));
    t.session.setStored(state('tok', 'team-b'));
    t.deliver({ type: 'team', teamId: 'team-b' });
    t.storageEvent('v706-demo1-auth');
    expect(t.invalidateRouter).toHaveBeenCalledOnce();
  });

  it("'logout' clears the session and the cache and goes to /auth/login", () => {
    const t = setup(state('tok', 'team-a'));
    t.deliver({ type: 'logout' });
    expect(t.session.clear).toHaveBeenCalled();
    expect(t.queryClient.getQueryData(['lives', 'list'])).toBeUndefined();
    expect(t.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('the storage event alone (no BroadcastChannel) signs out too; other keys are ignored', () => {
    const t = setup(state('tok', 'team-a'));
    t.storageEvent('palco-locale');
    expect(t.session.reload).not.toHaveBeenCalled();
    t.session.setStored(state(null));
    t.storageEvent('v706-demo1-auth');
    expect(t.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('already on /auth/login, a logout elsewhere does not navigate', () => {
    const t = setup(state(null), '/auth/login');
    t.deliver({ type: 'logout' });
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('another account signing in elsewhere empties the cache', () => {
    const t = setup(state('tok', 'team-a'));
    t.session.setStored(state('other', 'team-z'));
    t.storageEvent('v706-demo1-auth');
    expect(t.queryClient.getQueryData(['lives', 'list'])).toBeUndefined();
    expect(t.invalidateRouter).toHaveBeenCalledOnce();
  });

  it("'teams' reloads the stored session and reads the team lists again, in the same team", () => {
    const t = setup(state('tok', 'team-a'));
    t.queryClient.setQueryData(['shell-teams', 'u1'], [{ name: 'Antigo' }]);
    t.queryClient.setQueryData(['admin', 'team-a', 'teams'], { items: [] });
    t.deliver({ type: 'teams' });
    expect(t.session.reload).toHaveBeenCalledOnce();
    expect(t.queryClient.getQueryState(['shell-teams', 'u1'])?.isInvalidated).toBe(true);
    expect(t.queryClient.getQueryState(['admin', 'team-a', 'teams'])?.isInvalidated).toBe(true);
    // Nothing of the team's other data is dropped: it is still the same team.
    expect(t.queryClient.getQueryState(['lives', 'list'])?.isInvalidated).toBe(false);
    expect(t.invalidateRouter).not.toHaveBeenCalled();
  });
});
