import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MeStruct } from '@/lib/entities';

/** GET /bff/me: user, permissoes, contasCargos. Under the never-persisted 'session' key. */
export const getMe = () => api('/bff/me', MeStruct, { query: { accountId: undefined } });

export const meQueryOptions = () => queryOptions({ queryKey: ['session', 'me'], queryFn: getMe });
