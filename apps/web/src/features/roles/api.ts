import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@wms/contract/roles';
import { api } from '../../lib/api/client';
import type { WriteConfig } from '../../lib/query/use-write';
import { roleKeys } from './query-keys';

export interface RolesAnswer {
  data: Role[];
  /** Every permission that exists: the matrix's cells. */
  permissions: string[];
}

export const rolesQuery = () =>
  queryOptions({
    queryKey: roleKeys.all,
    queryFn: ({ signal }) => api.get<RolesAnswer>('/roles', { bypass_default: true, signal }),
  });

type Saved = { data: Role; message: string };

/** The role's complete new permission set. */
const saveRolePermissions = (roleId: number, permissions: string[]) =>
  api.put<Saved>(`/roles/${roleId}/permissions`, { permissions }, { bypass_default: true });

export interface RolePermissionsChange {
  roleId: number;
  permissions: string[];
}

/**
 * Saves one role's permission set. The matrix box flips at once (the new set is written into the cached roles
 * before the request); whatever the outcome, the roles are read again, so a failure (already toasted by the api
 * client) puts the server's truth back. Not `useWrite`: that refreshes after a success only.
 */
export function useSaveRolePermissions(config?: WriteConfig<Saved, RolePermissionsChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, permissions }: RolePermissionsChange) => saveRolePermissions(roleId, permissions),
    onMutate: async ({ roleId, permissions }) => {
      // A read of the roles still in flight (the screen's first, a live update's) would answer the old set after
      // this and flip the box back: it is cancelled first, and the roles are read again once the write settles.
      await queryClient.cancelQueries({ queryKey: roleKeys.all });
      queryClient.setQueryData<RolesAnswer>(
        roleKeys.all,
        (answer) =>
          answer && { ...answer, data: answer.data.map((r) => (r.id === roleId ? { ...r, permissions } : r)) },
      );
    },
    onSuccess: config?.onSuccess,
    onError: config?.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
