import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

const Ref = type({ id: string(), name: string() });

export const PermissionEntryStruct = type({
  permission: string(),
  description: string(),
  opens: array(string()),
  roles: array(type({ id: string(), name: string(), team: Ref, client: Ref })),
});
export type PermissionEntry = Infer<typeof PermissionEntryStruct>;

/** GET /v1/permissions: the catalogue, descriptions in the request's language (showPermissions). */
export const listPermissions = () => api('/v1/permissions', array(PermissionEntryStruct));

export const permissionsQueryOptions = (locale: string) =>
  queryOptions({ queryKey: adminKey('permissions', locale), queryFn: listPermissions });

export const usePermissionCatalog = (locale: string, enabled = true) =>
  useQuery({ ...permissionsQueryOptions(locale), enabled });
