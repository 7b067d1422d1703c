import { useMutation } from '@tanstack/react-query';
import { boolean, optional, type } from 'superstruct';
import { api } from '@/lib/api-client';

/** POST /bff/forget-password/send-email: 202 for known and unknown addresses alike (no account probing). */
export const SendRecoveryEmailStruct = type({ ok: optional(boolean()) });

export interface SendRecoveryEmailInput {
  email: string;
  /** The mail is written in the console's language. */
  locale: string;
}

export const sendRecoveryEmail = (body: SendRecoveryEmailInput) =>
  api('/bff/forget-password/send-email', SendRecoveryEmailStruct, {
    method: 'POST',
    body,
    query: { accountId: undefined },
    silent: true,
  });

export const useSendRecoveryEmail = () => useMutation({ mutationFn: sendRecoveryEmail });
