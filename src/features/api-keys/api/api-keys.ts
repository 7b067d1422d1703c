import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { array, boolean, type Infer, nullable, string, type } from 'superstruct';
import { api, apiVoid } from '@/lib/api-client';
import { session } from '@/lib/session';

/** Query keys of the API keys page, per selected team (a team switch reads afresh). */
const keysKey = (...parts: unknown[]) => ['api-keys', session.get().user?.selectedTeamId ?? null, ...parts];

export const ApiKeyStruct = type({
  id: string(),
  name: string(),
  prefix: string(),
  permissions: array(string()),
  createdAt: string(),
  expiresAt: string(),
  expired: boolean(),
  lastUsedAt: nullable(string()),
  createdBy: type({ id: string(), name: string() }),
});
export type ApiKey = Infer<typeof ApiKeyStruct>;

export const CreatedKeyStruct = type({ ...ApiKeyStruct.schema, secret: string() });
export type CreatedKey = Infer<typeof CreatedKeyStruct>;

/** GET /v1/api-keys: the team's keys, not revoked, newest first (docs/api-keys.md). */
export const listApiKeys = () => api('/v1/api-keys', array(ApiKeyStruct));

export const apiKeysQueryOptions = () => queryOptions({ queryKey: keysKey(), queryFn: listApiKeys });
export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export const ScopeStruct = type({ permission: string(), description: string() });
export type KeyScope = Infer<typeof ScopeStruct>;

/** GET /v1/api-keys/scopes: what a new key of the user may hold in the team (their own permissions
 * there), each with its description in the console's language. */
export const listKeyScopes = () => api('/v1/api-keys/scopes', array(ScopeStruct));

export const keyScopesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: keysKey('scopes', locale), queryFn: listKeyScopes });
export const useKeyScopes = (locale: string, enabled: boolean) =>
  useQuery({ ...keyScopesQueryOptions(locale), enabled });

export interface NewApiKey {
  name: string;
  /** ISO date-time, at most 366 days ahead. */
  expiresAt: string;
  permissions: string[];
}

/** POST /v1/api-keys: the answer carries the secret, shown once; 403 for a permission not held. */
export const createApiKey = (body: NewApiKey) =>
  api('/v1/api-keys', CreatedKeyStruct, { method: 'POST', body });

/** DELETE /v1/api-keys/{id}: the next call made with the key answers 401. */
export const revokeApiKey = (id: string) =>
  apiVoid(`/v1/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey() }),
  });
}
