import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { completeLogin } from '../session-flow';

/** POST /api/user/login answers the session token (a JWT; the role is read from it). */
export const LoginResponseStruct = type({ Token: string() });
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

/** Signs in: the token, then GET /bff/me fills the session (SPEC §4 Auth). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const { Token } = await login(input);
      await completeLogin(session, queryClient, Token);
    },
  });
}
