import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boolean, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { completeLogin } from '../session-flow';

const AcceptedStruct = type({ email: string(), created: boolean(), Token: optional(string()) });

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

/** Accepts; when the answer carries a session (a password was set or checked), the invitee is signed in
 * with it, in the team they joined. Answers whether that happened. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInput): Promise<{ signedIn: boolean }> => {
      const { Token } = await acceptInvitation(input);
      if (!Token) return { signedIn: false };
      await completeLogin(session, queryClient, Token);
      return { signedIn: true };
    },
  });
}
