import { useMutation } from '@tanstack/react-query';
import { boolean, optional, type } from 'superstruct';
import { api } from '@/lib/api-client';

/** POST /bff/forget-password/update-password with the link's email, token and hash. */
export const UpdatePasswordStruct = type({ ok: optional(boolean()) });

export interface UpdatePasswordInput {
  email: string;
  token: string;
  hash: string;
  newPassword: string;
}

export const updatePassword = (body: UpdatePasswordInput) =>
  api('/bff/forget-password/update-password', UpdatePasswordStruct, {
    method: 'POST',
    body,
    query: { accountId: undefined },
    silent: true,
  });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
