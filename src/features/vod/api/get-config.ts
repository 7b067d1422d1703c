import { queryOptions } from '@tanstack/react-query';
import { type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const ConsoleConfigStruct = type({ uploadUrl: string(), apiUrl: string() });
export type ConsoleConfig = Infer<typeof ConsoleConfigStruct>;

/** GET /bff/config (public): the upload host and the standard API host (SPEC §9). */
export const getConfig = () => api('/bff/config', ConsoleConfigStruct, { silent: true });

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['vod', 'config'], queryFn: getConfig, staleTime: 5 * 60_000 });
