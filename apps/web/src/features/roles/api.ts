import { queryOptions } from '@tanstack/react-query';
import type { Role } from '@wms/contract/roles';
import { api } from '../../lib/api/client';
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

/** The role's complete new permission set. */
export const saveRolePermissions = (roleId: number, permissions: string[]) =>
  api.put<{ data: Role; message: string }>(`/roles/${roleId}/permissions`, { permissions }, { bypass_default: true });
