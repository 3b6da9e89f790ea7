import { type BulkCreateResult, ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { type FieldErrors, notFound, validationError } from '../../../http/errors';
import { bundleComponentsOf } from '../../catalogue/products/products-api';
import { findInventoryIds, inventoryKey, reserveStock } from '../../floor/stock/stock-api';
import { recordEvents } from '../../platform/activity/activity-api';
import { creationAnswer } from './creation-answer';
import {
  allocateOrderIds,
  externalKey,
  findAccountsInScope,
  findActiveShipperIds,
  findExistingExternalIds,
  findPendingStatus,
  findProducts,
  findWarehouses,
  insertOrderItems,
  insertOrders,
  orderNumberFor,
  type ProductFacts,
} from './order-creation-repository';

/** One order to create, already shaped (bulk body, draft or spreadsheet rows). */
export interface NewOrder {
  accountId: number;
  warehouseId: number;
  shipperId: number | null;
  customerName: string;
  /** Required by every screen and the import; null only for orders placed by code (tests). */
  shipDate: string | null;
  externalOrderId: string;
  notes: string | null;
  /** Absent: normal. */
  priority?: 'normal' | 'urgent';
  lines: { productId: number; quantity: number }[];
}

export interface Caller {
  userId: number;
}

/**
 * What is wrong with one order. `field` is relative to the order (customer_name, products.0.product_id);
 * `code` lets the import tell an already imported order (a warning) from a bad one (an error).
 */
export interface OrderIssue {
  index: number;
  field: string;
  message: string;
  code: 'out_of_scope' | 'invalid' | 'exists';
}

/** One line per product (spec: an order line is identified by order and product): duplicates are added up. */
export function mergeLines(lines: readonly { productId: number; quantity: number }[]) {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

interface Checked {
  issues: OrderIssue[];
  products: Map<number, ProductFacts>;
}

/**
 * Every rule an order must pass before it is written, for all orders at once (a handful of queries, whatever the
 * number of orders): warehouse and account reachable by the caller (else 'out_of_scope'), account active and
 * linked to the warehouse, shipper active, products of the order's account, external order id new for the account
 * and not repeated within the request.
 */
export async function checkOrders(tx: Executor, scope: Scope, list: readonly NewOrder[]): Promise<Checked> {
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const reach = await findAccountsInScope(
    tx,
    scope,
    list.map((o) => o.accountId),
  );
  const warehouses = await findWarehouses(
    tx,
    list.map((o) => o.warehouseId),
  );
  const shipperIds = await findActiveShipperIds(
    tx,
    list.flatMap((o) => (o.shipperId === null ? [] : [o.shipperId])),
  );
  const products = await findProducts(
    tx,
    list.flatMap((o) => o.lines.map((l) => l.productId)),
  );
  const existing = await findExistingExternalIds(
    tx,
    list.map((o) => ({ accountId: o.accountId, externalOrderId: o.externalOrderId })),
  );
  const issues: OrderIssue[] = [];
  const seen = new Set<string>();
  list.forEach((order, index) => {
    const issue = (field: string, message: string, code: OrderIssue['code'] = 'invalid') =>
      issues.push({ index, field, message, code });
    const warehouse = warehouses.get(order.warehouseId);
    const account = reach.get(order.accountId);
    if (!warehouse || !canSeeWarehouse(scope, order.warehouseId)) {
      issue('warehouse_id', M.warehouseRequired, 'out_of_scope');
      return;
    }
    if (!account) {
      issue('account_id', M.accountRequired, 'out_of_scope');
      return;
    }
    if (!warehouse.isActive) issue('warehouse_id', M.warehouseInactive);
    if (!account.warehouseIds.has(order.warehouseId)) issue('account_id', M.accountNotInWarehouse);
    else if (!account.active) issue('account_id', M.accountInactive);
    if (order.shipperId !== null && !shipperIds.has(order.shipperId)) issue('shipper_id', M.shipperUnavailable);
    order.lines.forEach((line, lineIndex) => {
      if (products.get(line.productId)?.accountId !== order.accountId) {
        issue(`products.${lineIndex}.product_id`, M.productNotOfAccount);
      }
    });
    const key = externalKey(order.accountId, order.externalOrderId);
    if (existing.has(key)) issue('order_id', M.orderIdTaken, 'exists');
    else if (seen.has(key)) issue('order_id', M.orderIdRepeated);
    seen.add(key);
  });
  return { issues, products };
}

/** 404 when any order reaches outside the caller's scope; else 422 with every field message (orders.0.…). */
export function throwIssues(issues: readonly OrderIssue[], prefix = 'orders'): void {
  if (issues.length === 0) return;
  if (issues.some((i) => i.code === 'out_of_scope')) {
    const which = issues.find((i) => i.code === 'out_of_scope');
    throw notFound(which?.field === 'warehouse_id' ? 'Warehouse not found' : 'Account not found');
  }
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = `${prefix}.${issue.index}.${issue.field}`;
    errors[field] = [...new Set([...(errors[field] ?? []), issue.message])];
  }
  throw validationError(errors);
}

/**
 * Creates orders (spec 2 §7 POST /orders/bulk) inside the caller's transaction: all are checked first (nothing is
 * written when one is wrong), then inserted with readable numbers and the 'pending' status, and each line reserves
 * min(quantity, available) through the ledger; shortfalls come back as backorder items and inventory warnings.
 * One typed activity event per order. Lines must already be merged per product (see `mergeLines`).
 */
export async function createOrders(
  tx: Executor,
  caller: Caller,
  scope: Scope,
  list: readonly NewOrder[],
): Promise<BulkCreateResult> {
  const { issues, products } = await checkOrders(tx, scope, list);
  throwIssues(issues);
  return insertCheckedOrders(tx, caller, list, products);
}

/** The writing half of `createOrders`, for callers that checked the orders themselves (the import). */
export async function insertCheckedOrders(
  tx: Executor,
  caller: Caller,
  list: readonly NewOrder[],
  products: Map<number, ProductFacts>,
): Promise<BulkCreateResult> {
  if (list.length === 0) return { message: M.created(0), data: [], inventory_warnings: [], backorder_items: [] };
  const status = await findPendingStatus(tx);
  const ids = await allocateOrderIds(tx, list.length);
  const rows = list.map((order, i) => ({
    id: ids[i]!,
    orderNumber: orderNumberFor(ids[i]!),
    externalOrderId: order.externalOrderId,
    accountId: order.accountId,
    warehouseId: order.warehouseId,
    shipperId: order.shipperId,
    userId: caller.userId,
    statusId: status.id,
    lifecycle: status.lifecycle,
    customerName: order.customerName,
    shipDate: order.shipDate,
    notes: order.notes,
    priority: order.priority ?? 'normal',
  }));
  const inserted = await insertOrders(tx, rows);
  if (inserted.size !== rows.length) {
    // Another request created the same (account, order id) between our check and insert: name the field.
    const errors: FieldErrors = {};
    rows.forEach((row, i) => {
      if (!inserted.has(row.id)) errors[`orders.${i}.order_id`] = [M.orderIdTaken];
    });
    throw validationError(errors);
  }

  // A bundle is ordered as its components: each becomes a line of its own (quantity × units per kit) that reserves,
  // backorders, picks and ships like any product, and remembers the bundle it came from.
  const { expanded, products: allProducts } = await expandBundles(tx, list, products);
  const inventoryIds = await inventoryIdsFor(tx, expanded);
  const lines = rows.flatMap((row, i) =>
    expanded[i]!.lines.map((line) => ({
      order: row,
      productId: line.productId,
      quantity: line.quantity,
      kit: line.kit,
      inventoryId: inventoryIds.get(`${row.warehouseId}:${inventoryKey(line.productId, row.accountId)}`) ?? null,
    })),
  );
  const reservations = await reserveStock(
    tx,
    lines.map((l) => ({ inventoryId: l.inventoryId, quantity: l.quantity, orderId: l.order.id })),
    caller.userId,
  );
  await insertOrderItems(
    tx,
    lines.map((line, i) => ({
      orderId: line.order.id,
      productId: line.productId,
      inventoryId: line.inventoryId,
      quantity: line.quantity,
      quantityReserved: reservations[i]!.reserved,
      kit: line.kit,
    })),
  );

  const placed = lines.map((line, i) => ({ ...line, reservation: reservations[i]! }));

  await recordEvents(
    tx,
    rows.map((row, i) => ({
      kind: 'order.created' as const,
      payload: { order_number: row.orderNumber, customer_name: row.customerName, items: list[i]!.lines.length },
      actorId: caller.userId,
      subject: { type: 'order', id: row.id },
      warehouseIds: [row.warehouseId],
      accountIds: [row.accountId],
    })),
  );
  return creationAnswer(rows, placed, allProducts, status.name);
}

type ExpandedLine = { productId: number; quantity: number; kit: { productId: number; quantity: number } | null };
type ExpandedOrder = { lines: ExpandedLine[] } & Omit<NewOrder, 'lines'>;

/**
 * Each order with its bundle lines replaced by their component lines (a bundle without components stays a line of
 * its own: it has no stock, so it is a backorder). The product facts gain the components, for the answer's texts.
 */
async function expandBundles(
  tx: Executor,
  list: readonly NewOrder[],
  products: Map<number, ProductFacts>,
): Promise<{ expanded: ExpandedOrder[]; products: Map<number, ProductFacts> }> {
  const bundles = await bundleComponentsOf(
    tx,
    list.flatMap((o) => o.lines.map((l) => l.productId)),
  );
  if (bundles.size === 0) {
    return { expanded: list.map((o) => ({ ...o, lines: o.lines.map((l) => ({ ...l, kit: null })) })), products };
  }
  const expanded = list.map((order) => ({
    ...order,
    lines: order.lines.flatMap((line): ExpandedLine[] => {
      const components = bundles.get(line.productId);
      if (!components) return [{ ...line, kit: null }];
      return components.map((c) => ({
        productId: c.productId,
        quantity: line.quantity * c.quantity,
        kit: { productId: line.productId, quantity: line.quantity },
      }));
    }),
  }));
  const componentIds = [...bundles.values()].flat().map((c) => c.productId);
  const all = new Map([...products, ...(await findProducts(tx, componentIds))]);
  return { expanded, products: all };
}

/** Inventory row ids keyed `${warehouseId}:${productId}:${accountId}`, one query per warehouse involved. */
async function inventoryIdsFor(tx: Executor, list: readonly ExpandedOrder[]) {
  const byWarehouse = new Map<number, { productId: number; accountId: number }[]>();
  for (const order of list) {
    const keys = byWarehouse.get(order.warehouseId) ?? [];
    for (const line of order.lines) keys.push({ productId: line.productId, accountId: order.accountId });
    byWarehouse.set(order.warehouseId, keys);
  }
  const result = new Map<string, number>();
  for (const [warehouseId, keys] of byWarehouse) {
    const found = await findInventoryIds(tx, warehouseId, dedupe(keys));
    for (const [key, id] of found) result.set(`${warehouseId}:${key}`, id);
  }
  return result;
}

const dedupe = (keys: { productId: number; accountId: number }[]) => [
  ...new Map(keys.map((k) => [inventoryKey(k.productId, k.accountId), k])).values(),
];
