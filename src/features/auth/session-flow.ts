import type { QueryClient } from '@tanstack/react-query';
import { broadcast } from '@/lib/broadcast';
import { DEFAULT_HOME, lastVisited } from '@/lib/last-visited';
import { meQueryOptions } from '@/lib/me';
import { createIdbPersister } from '@/lib/query-client';
import type { Session } from '@/lib/session';
import { logout } from './api/logout';

/** Pages a sign-in must never return to (they would loop or sign out again). */
const NOT_A_TARGET = /^\/(?:auth|logout)(?:[/?#]|$)/;

/** A redirect target is accepted only as a same-origin relative path: one leading '/', never '//' or
 * '/\' (another host to a browser), no scheme, no control characters, and not the auth pages. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value)) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  const base = 'https://palco.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_TARGET.test(path) ? undefined : path;
}

/** SPEC §2.1: after login, the redirectTo parameter, else the last visited page, else /streaming. A last
 * visit flagged for the external webcam or analytics apps is left to '/' and not replayed here. */
export function postLoginTarget(redirectTo: string | undefined, last: string | null = lastVisited()): string {
  const fromParam = safeRedirect(redirectTo);
  if (fromParam) return fromParam;
  const fromLast = last && !last.includes('webcam') ? safeRedirect(last) : undefined;
  return fromLast && fromLast !== '/' ? fromLast : DEFAULT_HOME;
}

/** Stores the new token and fills the session from GET /bff/me. The cache is emptied first: nothing
 * another account left in it (or in its IndexedDB copy) may show to this one. */
export async function completeLogin(auth: Session, queryClient: QueryClient, token: string): Promise<void> {
  queryClient.clear();
  auth.setToken(token);
  const me = await queryClient.fetchQuery(meQueryOptions());
  auth.setMe(me);
}

/** SPEC §2.1 /logout: revoke on the server (best effort), clear the session, the query cache and its
 * persisted copy, and tell the other tabs. */
export async function signOut(auth: Session, queryClient: QueryClient): Promise<void> {
  if (auth.get().authToken) await logout();
  auth.clear();
  await queryClient.cancelQueries();
  queryClient.clear();
  try {
    await createIdbPersister().removeClient();
  } catch {
    // IndexedDB unavailable (private mode): there is no persisted copy to remove.
  }
  broadcast.post({ type: 'logout' });
}
