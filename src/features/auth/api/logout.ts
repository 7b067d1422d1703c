import { apiVoid } from '@/lib/api-client';

/** POST /bff/logout revokes the user's tokens on the server. Silent and best effort: signing out
 * locally must never wait on, or fail because of, the network. */
export async function logout(): Promise<void> {
  try {
    await apiVoid('/bff/logout', {
      method: 'POST',
      query: { accountId: undefined },
      silent: true,
      timeout: 5000,
    });
  } catch {
    // Offline, expired or already revoked: the local session is cleared anyway.
  }
}
