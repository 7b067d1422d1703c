import { useMutation } from '@tanstack/react-query';
import { boolean, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

const AcceptedStruct = type({ email: string(), created: boolean() });

export interface AcceptInput {
  token: string;
  name?: string;
  password?: string;
}

/** POST /v1/invitation-links/{token}/accept: a new address sends name and password; an existing user
 * their password, or nothing when signed in as that user in this browser (the token goes along). */
export const acceptInvitation = ({ token, name, password }: AcceptInput) =>
  api(`/v1/invitation-links/${encodeURIComponent(token)}/accept`, AcceptedStruct, {
    method: 'POST',
    body: { name, password },
    query: { accountId: undefined },
    silent: true,
  });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
