import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Infer, integer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';

export const RoleStruct = type({
  id: string(),
  name: string(),
  permissions: array(string()),
  usersCount: integer(),
  invitationsCount: integer(),
});
export type Role = Infer<typeof RoleStruct>;

/** GET /v1/roles: the team's roles (showRoles). */
export const listRoles = () => api('/v1/roles', array(RoleStruct));

export const rolesQueryOptions = () => queryOptions({ queryKey: adminKey('roles'), queryFn: listRoles });

export const useRoles = (enabled = true) => useQuery({ ...rolesQueryOptions(), enabled });
