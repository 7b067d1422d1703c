import { beforeEach, describe, expect, it, vi } from 'vitest';

const logout = vi.fn(async () => undefined);
const removeClient = vi.fn(async () => undefined);
const post = vi.fn();
vi.mock('../api/logout', () => ({ logout }));
vi.mock('@/lib/broadcast', () => ({ broadcast: { post } }));
vi.mock('@/lib/query-client', () => ({ createIdbPersister: () => ({ removeClient }) }));

const { completeLogin, postLoginTarget, safeRedirect, signOut } = await import('../session-flow');

describe('safeRedirect', () => {
  it.each(['/historic', '/vod/dashboard?page=2', '/streaming#top', '/'])(
    'accepts the in-app path %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'historic',
    '/\t/evil.example',
    '',
    undefined,
    42,
  ])('rejects %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });

  it('never sends the user back to the auth pages or to /logout', () => {
    expect(safeRedirect('/auth/login')).toBeUndefined();
    expect(safeRedirect('/auth')).toBeUndefined();
    expect(safeRedirect('/logout?x=1')).toBeUndefined();
    expect(safeRedirect('/authors')).toBe('/authors');
  });

  it('normalises dot segments before judging', () => {
    expect(safeRedirect('/x/../auth/login')).toBeUndefined();
    expect(safeRedirect('/a/./b')).toBe('/a/b');
  });
});

describe('postLoginTarget', () => {
  it('prefers redirectTo, then the last visited page, then /streaming', () => {
    expect(postLoginTarget('/historic', '/vod')).toBe('/historic');
    expect(postLoginTarget(undefined, '/vod')).toBe('/vod');
    expect(postLoginTarget(undefined, null)).toBe('/streaming');
  });

  it('ignores unsafe values and external-app redirects', () => {
    expect(postLoginTarget('//evil.example', null)).toBe('/streaming');
    expect(postLoginTarget(undefined, 'analytics:/painel')).toBe('/streaming');
    expect(postLoginTarget(undefined, '/webcam/123')).toBe('/streaming');
    expect(postLoginTarget(undefined, '/')).toBe('/streaming');
  });
});

function fakeSession(authToken: string | null) {
  let state = { authToken, user: null, permissions: [] as string[], contasCargos: [] };
  return {
    get: () => state,
    setToken: vi.fn((token: string) => {
      state = { ...state, authToken: token };
    }),
    setMe: vi.fn(),
    clear: vi.fn(() => {
      state = { authToken: null, user: null, permissions: [], contasCargos: [] };
    }),
  };
}

describe('completeLogin', () => {
  it('empties the cache, stores the token, then fills the session from /bff/me', async () => {
    const order: string[] = [];
    const me = { user: { login: 'operator@palco.test' } };
    const auth = fakeSession(null);
    auth.setToken.mockImplementation(() => order.push('token'));
    const queryClient = {
      clear: vi.fn(() => order.push('clear')),
      fetchQuery: vi.fn(async (opts: { queryKey: unknown[] }) => {
        order.push(`fetch ${JSON.stringify(opts.queryKey)}`);
        return me;
      }),
    };
    // biome-ignore lint/suspicious/noExplicitAny: fakes of the two collaborators.
    await completeLogin(auth as any, queryClient as any, 'jwt');
    expect(order).toEqual(['clear', 'token', 'fetch ["session","me"]']);
    expect(auth.setToken).toHaveBeenCalledWith('jwt');
    expect(auth.setMe).toHaveBeenCalledWith(me);
  });
});

describe('signOut', () => {
  beforeEach(() => {
    logout.mockClear();
    removeClient.mockClear();
    post.mockClear();
  });

  const queryClient = () => ({ cancelQueries: vi.fn(async () => undefined), clear: vi.fn() });

  it('revokes on the server, clears session, cache and its persisted copy, and tells the other tabs', async () => {
    const auth = fakeSession('jwt');
    const qc = queryClient();
    // biome-ignore lint/suspicious/noExplicitAny: fakes of the two collaborators.
    await signOut(auth as any, qc as any);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(auth.clear).toHaveBeenCalled();
    expect(auth.get().authToken).toBeNull();
    expect(qc.clear).toHaveBeenCalled();
    expect(removeClient).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ type: 'logout' });
  });

  it('does not call the server without a token, and survives a broken IndexedDB', async () => {
    removeClient.mockRejectedValueOnce(new Error('no idb'));
    const auth = fakeSession(null);
    const qc = queryClient();
    // biome-ignore lint/suspicious/noExplicitAny: fakes of the two collaborators.
    await signOut(auth as any, qc as any);
    expect(logout).not.toHaveBeenCalled();
    expect(qc.clear).toHaveBeenCalled();
    expect(post).toHaveBeenCalledWith({ type: 'logout' });
  });
});
