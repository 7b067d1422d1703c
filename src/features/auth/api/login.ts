import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Infer, number, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { completeLogin } from '../session-flow';

/** POST /api/user/login answers the session token (a JWT; the role is read from it), or, for a user with
 * two-factor sign-in, a challenge to send with the code (second-step.ts). */
export const LoginResponseStruct = type({
  Token: optional(string()),
  twoFactor: optional(type({ challenge: string(), expiresIn: number() })),
});
export type LoginResponse = Infer<typeof LoginResponseStruct>;

export interface LoginInput {
  login: string;
  password: string;
}

/** Silent: a wrong password is the form's business, not the app-wide 401 sign-out. */
export const login = (body: LoginInput) =>
  api('/api/user/login', LoginResponseStruct, {
    method: 'POST',
    body,
    query: { accountId: undefined },
    silent: true,
  });

/** Signs in: the token, then GET /bff/me fills the session (SPEC §4 Auth). Answers the two-factor
 * challenge instead when the password alone is not enough. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<{ challenge: string } | null> => {
      const { Token, twoFactor } = await login(input);
      if (!Token) {
        if (!twoFactor) throw new Error('login answered neither a token nor a challenge');
        return { challenge: twoFactor.challenge };
      }
      await completeLogin(session, queryClient, Token);
      return null;
    },
  });
}
