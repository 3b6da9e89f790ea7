import type { Permission, RoleName } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';

/** Spec 1 §6: the UI gates on the permission strings carried on the user, and tests roles by name. */
export const hasPermission = (user: User | null | undefined, permission: Permission): boolean =>
  user?.permissions.includes(permission) ?? false;

export const hasRole = (user: User | null | undefined, role: RoleName): boolean =>
  user?.role === role || (user?.roles.some((r) => r.name === role) ?? false);

export const isClientUser = (user: User | null | undefined): boolean => user?.role === 'client';
