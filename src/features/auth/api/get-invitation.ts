import { queryOptions } from '@tanstack/react-query';
import { boolean, type Infer, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const InvitationStruct = type({
  email: string(),
  team: string(),
  client: string(),
  role: string(),
  invitedBy: nullable(string()),
  existingUser: boolean(),
  expiresAt: string(),
});
export type Invitation = Infer<typeof InvitationStruct>;

/** GET /v1/invitation-links/{token} (public): 404 unknown or replaced, 410 used/cancelled/expired. */
export const getInvitation = (token: string) =>
  api(`/v1/invitation-links/${encodeURIComponent(token)}`, InvitationStruct, {
    query: { accountId: undefined },
    silent: true,
  });

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['session', 'invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
  });
