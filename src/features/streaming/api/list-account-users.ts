import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, nullable, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { streamingKey } from './stream';

export const AccountUserStruct = type({
  id: string(),
  nome: string(),
  login: string(),
  avatar: optional(nullable(string())),
  cargo: optional(string()),
  lastLoginAt: nullable(string()),
});
export type AccountUser = Infer<typeof AccountUserStruct>;

/** GET /v1/account-users: the team's users (`lastLoginAt` null: no last access). */
export const listAccountUsers = () => api('/v1/account-users', array(AccountUserStruct));

export const accountUsersQueryOptions = () =>
  queryOptions({ queryKey: streamingKey('users'), queryFn: listAccountUsers });

export const useAccountUsers = () => useQuery(accountUsersQueryOptions());
