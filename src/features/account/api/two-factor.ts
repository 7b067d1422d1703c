import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { array, boolean, number, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

const StatusStruct = type({ enabled: boolean(), recoveryCodesLeft: number() });
const SetupStruct = type({ secret: string(), uri: string(), qr: string() });
const EnabledStruct = type({ recoveryCodes: array(string()) });
const key = ['me', '2fa'] as const;

/** GET /v1/me/2fa: whether the own two-factor sign-in is on. */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: () => api('/v1/me/2fa', StatusStruct) });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

/** POST /v1/me/2fa/setup: a new pending secret, its URI and QR code. */
export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: () => api('/v1/me/2fa/setup', SetupStruct, { method: 'POST' }) });

/** POST /v1/me/2fa/enable: the recovery codes, shown once. */
export function useTwoFactorEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/v1/me/2fa/enable', EnabledStruct, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /v1/me/2fa/disable: the current password and a code. */
export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; code: string }) =>
      api('/v1/me/2fa/disable', StatusStruct, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
