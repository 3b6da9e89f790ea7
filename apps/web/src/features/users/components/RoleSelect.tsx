import { MenuItem, TextField } from '@mui/material';
import { ROLE_LABELS, ROLES, type RoleName } from '@wms/contract/access';
import { allows, isAdministrator } from '@wms/contract/policy';
import type { ComponentProps } from 'react';

/** Spec 1 §6: only a super-admin may hand out the admin (and super-admin) role. */
export const assignableRoles = (callerRole: RoleName | undefined, currentRole?: RoleName): RoleName[] =>
  ROLES.filter(
    (role) =>
      (callerRole !== undefined && allows(callerRole, 'manageAdministrators')) ||
      !isAdministrator(role) ||
      role === currentRole,
  );

type RoleSelectProps = Omit<ComponentProps<typeof TextField>, 'select' | 'children'> & {
  roles: readonly RoleName[];
};

export function RoleSelect({ roles, ...props }: RoleSelectProps) {
  return (
    <TextField select {...props}>
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
