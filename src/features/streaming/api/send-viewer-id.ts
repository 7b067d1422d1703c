import { useMutation } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';

/** POST /v1/live-streams/{id}/viewer-id: every current player of the live shows its viewer ID until
 * `until` (docs/playback.md "Viewer channel"). Silent: the button says what failed. */
export const sendViewerId = (id: string) =>
  api(`/v1/live-streams/${encodeURIComponent(id)}/viewer-id`, type({ until: string() }), {
    method: 'POST',
    silent: true,
  });

export function useSendViewerId(id: string) {
  return useMutation({ mutationFn: () => sendViewerId(id) });
}
