import { useMutation, useQueryClient } from '@tanstack/react-query';
import { array, boolean, string, type } from 'superstruct';
import { api, apiVoid } from '@/lib/api-client';
import { PlanStruct } from './get-usage';

const BlockStruct = type({ clientId: string(), blocked: boolean(), changed: array(string()) });
const SavedPlanStruct = type({ ...PlanStruct.schema, currency: string() });

export interface PlanInput {
  name: string;
  currency: string;
  quotas: { storageGb: number; encodedMinutes: number; liveMinutes: number; deliveredMinutes: number };
  prices: { storageGbMonth: number; encodedMinute: number; liveMinute: number; deliveredMinute: number };
}

const path = (clientId: string, rest: string) => `/v1/clients/${encodeURIComponent(clientId)}/${rest}`;

/** After a staff action the page's figures (plan, blocked state) read afresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['billing-usage'] }),
      queryClient.invalidateQueries({ queryKey: ['billing-statements'] }),
      queryClient.invalidateQueries({ queryKey: ['shell-teams'] }),
    ]);
}

/** POST /v1/clients/{id}/block | unblock (staff): every team of the client. */
export function useSetBlocked() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ clientId, blocked }: { clientId: string; blocked: boolean }) =>
      api(path(clientId, blocked ? 'block' : 'unblock'), BlockStruct, { method: 'POST' }),
    onSuccess: refresh,
  });
}

/** PUT /v1/clients/{id}/plan (staff). */
export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ clientId, plan }: { clientId: string; plan: PlanInput }) =>
      api(path(clientId, 'plan'), SavedPlanStruct, { method: 'PUT', body: plan }),
    onSuccess: refresh,
  });
}

/** DELETE /v1/clients/{id}/plan (staff): back to the default plan. */
export function useResetPlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (clientId: string) => apiVoid(path(clientId, 'plan'), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
