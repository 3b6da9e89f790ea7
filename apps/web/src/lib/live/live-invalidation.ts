import type { Query, QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@wms/contract/live';

/**
 * Which cached queries a change makes stale, by the kind's subject (the part before the dot), named by the root of
 * each feature's query keys (features/<area>/query-keys.ts: `all`). Every change may also have produced an in-app
 * notification for someone, so `notifications` is refetched too. One table, so a new feature adds one line.
 */
const ROOTS_BY_SUBJECT: Record<string, readonly string[]> = {
  order: ['orders', 'inventories', 'dashboard', 'waves'],
  orders: ['orders', 'inventories', 'dashboard', 'waves'],
  inventory: ['inventories', 'orders', 'products', 'locations', 'dashboard'],
  shipment: ['shipments', 'inventories', 'dashboard'],
  inquiry: ['inquiries', 'dashboard'],
  product: ['products', 'inventories'],
  products: ['products', 'inventories'],
  location: ['locations', 'inventories', 'waves'],
  locations: ['locations', 'inventories', 'waves'],
  account: ['accounts', 'context', 'dashboard'],
  warehouse: ['warehouses', 'context', 'dashboard'],
  user: ['users'],
  status: ['statuses', 'orders'],
  shipper: ['shippers'],
  draft: ['drafts'],
  webhook: ['webhooks'],
  rate_card: ['rate-cards'],
  api_key: ['api-keys'],
  // Waves and picking: the release counts, wave lists and the supervisor view, and the handheld's wave.
  wave: ['waves', 'picking', 'orders', 'inventories', 'locations'],
  // Its ids are task ids, not wave ids: no wave detail may be left out, so 'waves' is not its own root here.
  pick_task: ['picking', 'waves', 'orders', 'inventories', 'locations'],
};
const ALWAYS = ['notifications'];

const subjectOf = (kind: string) => kind.split('.')[0] ?? kind;

/**
 * The query roots to refetch for a batch of changes, and for each root the ids named when every change of that
 * root named some (a detail query of another id, `[root, 'detail', id]`, is then left alone).
 */
export function invalidationPlan(changes: readonly LiveChange[]): Map<string, Set<number> | 'all'> {
  const plan = new Map<string, Set<number> | 'all'>();
  const widen = (root: string) => plan.set(root, 'all');
  for (const root of ALWAYS) widen(root);
  for (const change of changes) {
    const subject = subjectOf(change.kind);
    const roots = ROOTS_BY_SUBJECT[subject] ?? [];
    // Ids belong to the kind's own root (order ids to 'orders'); the other roots are refetched whole.
    roots.forEach((root, index) => {
      const current = plan.get(root);
      if (index > 0 || change.ids.length === 0 || current === 'all') widen(root);
      else plan.set(root, new Set([...(current ?? []), ...change.ids]));
    });
  }
  return plan;
}

/** Key parts whose id is the root's own record (`[root, part, id]`): an inquiry's detail and its timeline. */
const PER_RECORD_PARTS = new Set(['detail', 'timeline']);

/**
 * A query of the plan: any query under a planned root, except a record's own queries (its detail, its timeline) of
 * ids the plan does not name.
 */
export function isPlanned(plan: Map<string, Set<number> | 'all'>, query: Pick<Query, 'queryKey'>): boolean {
  const [root, part, id] = query.queryKey as unknown[];
  const ids = typeof root === 'string' ? plan.get(root) : undefined;
  if (ids === undefined) return false;
  if (ids === 'all' || typeof part !== 'string' || !PER_RECORD_PARTS.has(part) || typeof id !== 'number') return true;
  return ids.has(id);
}

/** Refetches what a batch of changes touched (active queries now; inactive ones when next shown). */
export function invalidateForChanges(queryClient: QueryClient, changes: readonly LiveChange[]): Promise<void> {
  const plan = invalidationPlan(changes);
  return queryClient.invalidateQueries({ predicate: (query) => isPlanned(plan, query) });
}
