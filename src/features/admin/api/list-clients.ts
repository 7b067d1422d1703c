import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { array, boolean, type Infer, integer, object, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

const ClientStruct = type({
  id: string(),
  name: string(),
  blocked: boolean(),
  usersCount: integer(),
  plan: type({ name: string(), custom: boolean() }),
  accounts: array(type({ id: string(), name: string(), blocked: boolean(), membersCount: integer() })),
});
export type ClientOverview = Infer<typeof ClientStruct>;

const ClientsPageStruct = type({
  items: array(ClientStruct),
  pagination: object({ page: integer(), total: integer(), pagesTotal: integer() }),
});

export const CLIENTS_PAGE_SIZE = 20;

/** GET /v1/clients (staff): every client with its teams, blocked state and users. */
export const listClients = ({ search, page }: { search: string; page: number }) =>
  api('/v1/clients', ClientsPageStruct, {
    query: { search: search || undefined, page, limit: CLIENTS_PAGE_SIZE, accountId: undefined },
  });

export const clientsQueryOptions = (query: { search: string; page: number }) =>
  queryOptions({
    queryKey: adminKey('clients', query),
    queryFn: () => listClients(query),
    placeholderData: keepPreviousData,
  });

export const useClients = (query: { search: string; page: number }) => useQuery(clientsQueryOptions(query));
