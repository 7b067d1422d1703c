import { useMutation } from '@tanstack/react-query';
import { object, string } from 'superstruct';
import { api } from '@/lib/api-client';

export const GuestLinkStruct = object({
  linkId: string(),
  token: string(),
  path: string(),
  expiresAt: string(),
});

/** POST /v1/live-streams/{id}/studio/guest-link: the studio's guest link (the current one while valid,
 * else a new one; docs/studio.md "Studio page and guests"). */
export const createGuestLink = (id: string) =>
  api(`/v1/live-streams/${encodeURIComponent(id)}/studio/guest-link`, GuestLinkStruct, {
    method: 'POST',
    body: {},
  });

export function useGuestLink(id: string) {
  return useMutation({ mutationFn: () => createGuestLink(id) });
}
