import type { Permission } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { allows, type PolicyRule } from '@wms/contract/policy';

/** Spec 1 §6: the UI gates on the permission strings carried on the user. */
export const hasPermission = (user: User | null | undefined, permission: Permission): boolean =>
  user?.permissions.includes(permission) ?? false;

/** Role rules permissions cannot express come from the contract's policy table, never from role names. */
export const userAllows = (user: User | null | undefined, rule: PolicyRule): boolean =>
  Boolean(user && allows(user.role, rule));
