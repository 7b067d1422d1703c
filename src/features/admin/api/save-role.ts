import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './keys';
import { RoleStruct } from './list-roles';

export interface RoleInput {
  /** Absent: a new role. */
  id?: string;
  name: string;
  permissions: string[];
}

/** POST /v1/roles or PATCH /v1/roles/{id}: 403 for a permission the caller does not hold, 409 for a
 * name in use or for leaving the team without a user manager. */
export const saveRole = ({ id, ...body }: RoleInput) =>
  id
    ? api(`/v1/roles/${encodeURIComponent(id)}`, RoleStruct, { method: 'PATCH', body })
    : api('/v1/roles', RoleStruct, { method: 'POST', body });

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey() }),
  });
}
