import { ACTIONS, type Action, type RoleName } from '@wms/contract/access';
import { allows } from '@wms/contract/policy';

export interface MatrixRow {
  /** 'users', 'roles'… */
  resource: string;
  label: string;
  /** The permission behind each action column; null where the resource has no such permission. */
  cells: Record<Action, string | null>;
}

const LABELS: Readonly<Record<string, string>> = { 'api keys': 'API keys' };
const titleCase = (word: string) => LABELS[word] ?? word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Rows of the matrix from the permissions the server knows ('view users', 'view roles'…), one per resource in
 * the server's order, so a permission added on the server shows up without a web change.
 */
/**
 * Permissions whose name is not "<action> <resource>", placed in a cell of their own row (`manage billing`
 * is the edit cell of a Billing row: rate cards, charges and invoices; `approve cycle counts` that of Cycle counts).
 */
const PLACED: Readonly<Record<string, [Action, string]>> = {
  'manage billing': ['edit', 'billing'],
  // Approving a count (its ledger adjustments) is the edit cell of the Cycle counts row.
  'approve cycle counts': ['edit', 'cycle counts'],
  // Picking: releasing (and cancelling) waves is the create cell, executing pick tasks the edit cell.
  'release waves': ['create', 'picking'],
  pick: ['edit', 'picking'],
  // Packing: setting up carton types and stations is the create cell, working the bench the edit cell.
  'manage packing stations': ['create', 'packing'],
  pack: ['edit', 'packing'],
  // Replenishment: pick-face settings and creating or cancelling tasks are the create cell, doing tasks the edit cell.
  'manage replenishment': ['create', 'replenishment'],
  replenish: ['edit', 'replenishment'],
  // Returns: receiving and releasing quarantined units is the edit cell of the Returns row.
  'receive returns': ['edit', 'returns'],
  // Kits: running kit work orders (build, disassemble) is the edit cell of the Kits row.
  'assemble kits': ['edit', 'kits'],
};

export function matrixRows(permissions: readonly string[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const permission of permissions) {
    const [action, ...rest] = PLACED[permission]
      ? [PLACED[permission][0], PLACED[permission][1]]
      : permission.split(' ');
    const resource = rest.join(' ');
    if (!resource || !(ACTIONS as readonly string[]).includes(action ?? '')) continue;
    let row = rows.get(resource);
    if (!row) {
      row = { resource, label: titleCase(resource), cells: { view: null, create: null, edit: null, delete: null } };
      rows.set(resource, row);
    }
    row.cells[action as Action] = permission;
  }
  return [...rows.values()];
}

/**
 * Spec 1 §6: shippers are created, edited and deleted with the shipments permissions, so these three grant
 * nothing by themselves; the matrix shows which permission governs them instead of a checkbox.
 */
export const GOVERNED_BY: Readonly<Record<string, string>> = {
  'create shippers': 'create shipments',
  'edit shippers': 'edit shipments',
  'delete shippers': 'delete shipments',
};

/** Only a super-admin edits permissions, and the super-admin role itself always keeps every permission. */
export const canEditRole = (callerRole: RoleName | null | undefined, role: RoleName): boolean =>
  Boolean(callerRole && allows(callerRole, 'editRolePermissions')) && !allows(role, 'holdEveryPermission');

/** The role's new complete set after ticking or clearing one permission. */
export function togglePermission(current: readonly string[], permission: string, granted: boolean): string[] {
  const next = new Set(current);
  if (granted) next.add(permission);
  else next.delete(permission);
  return [...next].sort();
}
