import { useMutation, useQueryClient } from '@tanstack/react-query';
import { string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { completeLogin } from '../session-flow';

export interface SecondStepInput {
  challenge: string;
  /** 6 digits from the authenticator app, or a recovery code. */
  code: string;
}

/** Silent, like the password step: a wrong code is the form's business. */
export const loginSecondStep = (body: SecondStepInput) =>
  api('/api/user/login/2fa', type({ Token: string() }), {
    method: 'POST',
    body,
    query: { accountId: undefined },
    silent: true,
  });

export function useLoginSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SecondStepInput) => {
      const { Token } = await loginSecondStep(input);
      await completeLogin(session, queryClient, Token);
    },
  });
}
