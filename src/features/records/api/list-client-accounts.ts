import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const ClientAccountStruct = type({ accountId: string(), name: string() });
export type ClientAccount = Infer<typeof ClientAccountStruct>;

/** GET /v1/clients/{clientId}/accounts: the client's teams (staff: all of them; others: theirs). */
export const listClientAccounts = (clientId: string) =>
  api(`/v1/clients/${encodeURIComponent(clientId)}/accounts`, array(ClientAccountStruct), {
    query: { accountId: undefined },
  });

export const clientAccountsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['records', 'client-accounts', clientId],
    queryFn: () => listClientAccounts(clientId),
  });

export const useClientAccounts = (clientId: string | undefined, enabled: boolean) =>
  useQuery({ ...clientAccountsQueryOptions(clientId ?? ''), enabled: enabled && !!clientId });
