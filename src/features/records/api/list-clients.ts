import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

/** SPEC §3 Client (staff filter): `conta_id` is the client's id. */
export const ClientStruct = type({ conta_id: string(), nome_cliente: string() });
export type Client = Infer<typeof ClientStruct>;

/** GET /api/cliente?subConta=false: every client (staff only). */
export const listClients = () =>
  api('/api/cliente', array(ClientStruct), { query: { subConta: false, accountId: undefined } });

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: ['records', 'clients'], queryFn: listClients });

export const useClients = (enabled: boolean) => useQuery({ ...clientsQueryOptions(), enabled });
