import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : -1);

/** What a failed sign-in tells the user; the server's own text is never shown (SPEC §8). */
export function loginFailureMessage(error: unknown): MessageDescriptor {
  const status = statusOf(error);
  if (status === 400 || status === 401) return msg`Usuário ou senha estão incorretos`;
  if (status === 429) return msg`Muitas tentativas. Tente novamente em alguns minutos.`;
  if (status === 0)
    return msg`Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.`;
  return msg`Ocorreu um erro. Tente novamente`;
}

/** The login's second step: a wrong or used code, or a challenge that expired (back to the password). */
export function twoFactorFailureMessage(error: unknown): MessageDescriptor {
  const status = statusOf(error);
  if (status === 400 || status === 401) return msg`Código inválido, já usado ou expirado. Tente novamente.`;
  return loginFailureMessage(error);
}

/** SPEC §8 forgot password: below 500 the address is the problem; otherwise (5xx, no connection at
 * all) the user is asked to try again. */
export function recoveryFailureMessage(error: unknown): MessageDescriptor {
  const status = statusOf(error);
  return status > 0 && status < 500
    ? msg`Endereço de e-mail inválido`
    : msg`Ocorreu um erro. Tente novamente`;
}

/** SPEC §8: a failed password update shows this on the repeat field. */
export const updatePasswordFailure = msg`Ocorreu um erro. Tente novamente`;
