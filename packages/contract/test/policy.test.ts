import { describe, expect, it } from 'vitest';
import { isAdminRole, isStaffRole, ROLES } from '../src/access';
import { allows, isAdministrator, ROLE_POLICY } from '../src/policy';

describe('role policy table', () => {
  it('keeps clients out of every staff-only rule', () => {
    for (const rule of [
      'seeEverything',
      'seeAcrossAccounts',
      'manageAccountFields',
      'setInventoryVerified',
      'resolveInquiries',
      'manageAdministrators',
      'editRolePermissions',
    ] as const) {
      expect(allows('client', rule), rule).toBe(false);
    }
    expect(allows('client', 'ownAccounts')).toBe(true);
  });

  it('leaves administrators and role permissions to the super-admin', () => {
    expect(ROLE_POLICY.manageAdministrators).toEqual(['super-admin']);
    expect(ROLE_POLICY.editRolePermissions).toEqual(['super-admin']);
    expect(ROLES.filter(isAdministrator)).toEqual(['super-admin', 'admin']);
  });

  it('derives the staff and admin helpers from the table', () => {
    expect(ROLES.filter(isStaffRole)).toEqual(['super-admin', 'admin', 'manager']);
    expect(ROLES.filter(isAdminRole)).toEqual(['super-admin', 'admin']);
  });

  it('has every role either see across accounts or work in one selected account, never both', () => {
    for (const role of ROLES) {
      expect(allows(role, 'workInSelectedAccount'), role).toBe(!allows(role, 'seeAcrossAccounts'));
    }
    expect(ROLES.filter((role) => allows(role, 'workInSelectedAccount'))).toEqual(['client']);
  });

  it('gives the operations dashboard to managers and fixes the super-admin permissions', () => {
    expect(ROLES.filter((role) => allows(role, 'seeOperationsDashboard'))).toEqual(['manager']);
    expect(ROLES.filter((role) => allows(role, 'holdEveryPermission'))).toEqual(['super-admin']);
  });
});
