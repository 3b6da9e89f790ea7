import type { RoleName } from './access';

/**
 * Role rules that permissions cannot express, in one table the server and the web both read.
 * Permissions are data an administrator edits per role; these rules hold whatever permissions a role is granted,
 * because they protect other tenants or the system itself (a client granted `edit inventories` still never
 * verifies stock). Checks ask `allows(role, rule)`, never a role name.
 */
export const ROLE_POLICY = {
  /** No warehouse or account scope: every row of every tenant. */
  seeEverything: ['super-admin', 'admin'],
  /** Sees across accounts (within their warehouses for a manager): staff, as opposed to a client. */
  seeAcrossAccounts: ['super-admin', 'admin', 'manager'],
  /** Account owner, status and type: staff set them; a client's own accounts start inactive. */
  manageAccountFields: ['super-admin', 'admin', 'manager'],
  /** The inventory verified flag (spec: toggled by staff, never by clients). */
  setInventoryVerified: ['super-admin', 'admin', 'manager'],
  /** Verifying or rejecting an inbound shipment, and correcting or deleting one another user announced. */
  reviewShipments: ['super-admin', 'admin', 'manager'],
  /** Verifying order items before shipping, also by scanning SKUs (spec 2 §1: managers verify; never clients). */
  verifyOrderItems: ['super-admin', 'admin', 'manager'],
  /** Marking an inquiry resolved. */
  resolveInquiries: ['super-admin', 'admin', 'manager'],
  /** Seeing and filtering by who handles an inquiry, and listing the staff it can go to. */
  seeInquiryAssignees: ['super-admin', 'admin', 'manager'],
  /** Choosing an inquiry's assignee (the server assigns new ones itself). */
  assignInquiries: ['super-admin', 'admin'],
  /** Deleting inquiries other people raised (creators may delete their own). */
  deleteAnyInquiry: ['super-admin'],
  /** Editing inquiries other people raised (creators may edit their own). */
  editAnyInquiry: ['super-admin', 'admin', 'manager'],
  /** Editing or deleting an administrator, granting or taking away an administrator role. */
  manageAdministrators: ['super-admin'],
  /** Changing a role's permissions. */
  editRolePermissions: ['super-admin'],
  /** Owning accounts: an account's owner has this role, and keeps it while they own any. */
  ownAccounts: ['client'],
  /**
   * Working inside one selected account (picked after sign-in, carried by every list): the roles whose scope is the
   * accounts they own, i.e. every role that does not `seeAcrossAccounts`.
   */
  workInSelectedAccount: ['client'],
  /** The warehouse-operations dashboard (pending orders, top accounts, staff quick actions; spec 1 §4). */
  seeOperationsDashboard: ['manager'],
  /** Always holds every permission: its row of the permission matrix is fixed, not editable. */
  holdEveryPermission: ['super-admin'],
} as const satisfies Record<string, readonly RoleName[]>;

export type PolicyRule = keyof typeof ROLE_POLICY;

export const allows = (role: RoleName, rule: PolicyRule): boolean =>
  (ROLE_POLICY[rule] as readonly RoleName[]).includes(role);

/** Roles administrators are: only those allowed `manageAdministrators` grant, edit or delete them. */
export const ADMINISTRATOR_ROLES: readonly RoleName[] = ROLE_POLICY.seeEverything;
export const isAdministrator = (role: RoleName): boolean => ADMINISTRATOR_ROLES.includes(role);
