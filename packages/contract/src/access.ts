import { allows } from './policy';

/**
 * Roles, permissions and their default assignment (DESIGN §4, spec 1 §6).
 * Role → permission sets are data in the database; these are the seeded defaults and the vocabulary.
 */
export const ROLES = ['super-admin', 'admin', 'manager', 'client'] as const;
export type RoleName = (typeof ROLES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  'super-admin': 'Super Admin',
  admin: 'Admin',
  manager: 'Manager',
  client: 'Client',
};

export const RESOURCES = [
  'users',
  'accounts',
  'shippers',
  'products',
  'inventories',
  'statuses',
  'orders',
  'inquiries',
  'shipments',
  'warehouses',
  'locations',
  'webhooks',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Machine credentials. There is nothing to edit on a key (revoke it and create another), so no
 * `edit api keys`; keys themselves never carry these three (a key cannot mint or revoke keys).
 */
export const API_KEY_PERMISSIONS = ['view api keys', 'create api keys', 'delete api keys'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Billing: staff set rate cards and invoice; clients will see their own accounts' invoices. */
export const BILLING_PERMISSIONS = ['manage billing', 'view invoices'] as const;

/**
 * Cycle counts: their own three rights rather than the locations ones, because approving is the one that
 * changes stock (a ledger adjustment) and sees expected quantities: a warehouse can let counters count (create)
 * without letting them approve their own counts.
 */
export const CYCLE_COUNT_PERMISSIONS = ['view cycle counts', 'create cycle counts', 'approve cycle counts'] as const;

/**
 * Picking: seeing waves and the hospital list, releasing (and cancelling) waves and clearing hospital
 * locations, and executing pick tasks on the floor. A warehouse may let pickers pick without releasing.
 */
export const PICKING_PERMISSIONS = ['view picking', 'release waves', 'pick'] as const;
export type PickingPermission = (typeof PICKING_PERMISSIONS)[number];

/**
 * Packing: working at a packing station (verify, cartons, ship) and setting up a warehouse's carton types, stations
 * and printer networks (managers within their warehouses by scope).
 */
export const PACKING_PERMISSIONS = ['pack', 'manage packing stations'] as const;
export type PackingPermission = (typeof PACKING_PERMISSIONS)[number];

/**
 * Replenishment: seeing the report and tasks, doing tasks on the floor, and setting pick faces and creating or
 * cancelling tasks (managers within their warehouses by scope).
 */
export const REPLENISHMENT_PERMISSIONS = ['view replenishment', 'replenish', 'manage replenishment'] as const;
export type ReplenishmentPermission = (typeof REPLENISHMENT_PERMISSIONS)[number];

/**
 * Returns (RMA): seeing returns, announcing (and cancelling) them, and receiving and inspecting them on the floor.
 * Clients see and announce returns of their own accounts; receiving is staff work.
 */
export const RETURN_PERMISSIONS = ['view returns', 'create returns', 'receive returns'] as const;
export type ReturnPermission = (typeof RETURN_PERMISSIONS)[number];

/** Kits: running kit work orders (building assembled kits from components, and taking them apart). Staff only. */
export const KIT_PERMISSIONS = ['assemble kits'] as const;
export type KitPermission = (typeof KIT_PERMISSIONS)[number];

export type Permission =
  | `${Action} ${Resource}`
  | 'view roles'
  | ApiKeyPermission
  | (typeof BILLING_PERMISSIONS)[number]
  | (typeof CYCLE_COUNT_PERMISSIONS)[number]
  | PickingPermission
  | PackingPermission
  | ReplenishmentPermission
  | ReturnPermission
  | KitPermission;

export const PERMISSIONS: readonly Permission[] = [
  ...RESOURCES.flatMap((resource) => ACTIONS.map((action) => `${action} ${resource}` as Permission)),
  'view roles',
  ...API_KEY_PERMISSIONS,
  ...BILLING_PERMISSIONS,
  ...CYCLE_COUNT_PERMISSIONS,
  ...PICKING_PERMISSIONS,
  ...PACKING_PERMISSIONS,
  ...REPLENISHMENT_PERMISSIONS,
  ...RETURN_PERMISSIONS,
  ...KIT_PERMISSIONS,
];

const crud = (actions: readonly Action[], resources: readonly Resource[]): Permission[] =>
  resources.flatMap((resource) => actions.map((action) => `${action} ${resource}` as Permission));

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  'super-admin': PERMISSIONS,
  admin: PERMISSIONS,
  manager: [
    ...crud(['view', 'create', 'edit'], ['orders', 'inventories', 'shipments', 'inquiries', 'products']),
    ...crud(['view'], ['accounts', 'warehouses', 'shippers', 'statuses', 'users']),
    // Managers run the locations of their warehouses (scope keeps them inside those).
    ...crud(['view', 'create', 'edit', 'delete'], ['locations']),
    // Managers count and approve counts of their warehouses.
    ...CYCLE_COUNT_PERMISSIONS,
    // Managers release and pick the waves of their warehouses.
    ...PICKING_PERMISSIONS,
    // Managers pack and set up the packing stations of their warehouses.
    ...PACKING_PERMISSIONS,
    // Managers keep the pick faces of their warehouses full.
    ...REPLENISHMENT_PERMISSIONS,
    // Managers receive and inspect the returns of their warehouses.
    ...RETURN_PERMISSIONS,
    // Managers build and take apart the kits of their warehouses.
    ...KIT_PERMISSIONS,
  ],
  client: [
    ...crud(['view', 'create', 'edit'], ['products', 'orders', 'inquiries', 'shipments', 'accounts']),
    ...crud(['view'], ['inventories', 'shippers', 'warehouses']),
    // A client's web shop calls the API with a key limited to one of their accounts.
    ...API_KEY_PERMISSIONS,
    // Clients subscribe their own accounts' events (scope keeps them to those accounts).
    ...crud(['view', 'create', 'edit', 'delete'], ['webhooks']),
    'view invoices',
    // Clients announce returns of their accounts' shipped orders and follow them.
    'view returns',
    'create returns',
  ],
};

/** Staff see across accounts; super-admin and admin see across warehouses too (rules in policy.ts). */
export const isStaffRole = (role: RoleName): boolean => allows(role, 'seeAcrossAccounts');
export const isAdminRole = (role: RoleName): boolean => allows(role, 'seeEverything');
