import { SHIPPED_ARCHIVE_DAYS } from '@wms/contract/orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { orderItems, orders, unfilledLine } from '../../../db/schema/orders';
import { statuses } from '../../../db/schema/statuses';
import { containsPattern } from '../../../http/pagination';
import { orderScope } from './order-scope';

export interface OrderFilter {
  search?: string;
  account_id?: number;
  warehouse_id?: number;
  status?: string;
  /** active: the main list; all: the shipped archive; undefined: no list rule (statistics). */
  type?: 'active' | 'all';
  /** true: open orders with a short line (backorders); false: the others. */
  short?: boolean;
  priority?: 'normal' | 'urgent';
}

/** A status filter value: an id (digits) or a name, case-insensitive. */
export function statusCondition(status: string): SQL {
  if (/^[1-9][0-9]{0,9}$/.test(status)) return eq(orders.statusId, Number(status));
  return sql`${orders.statusId} in (select s.id from ${statuses} s where lower(s.name) = ${status.toLowerCase()})`;
}

/**
 * An open order with a line still short. The line condition is the partial index's own predicate
 * (order_items_unfilled_idx), so the planner reads the few unfilled lines from that index.
 */
const shortOrder = sql`(${orders.lifecycle} = 'open' and ${orders.id} in (
  select ${orderItems.orderId} from ${orderItems} where ${unfilledLine(orderItems)}))`;

const shortCondition = (short: boolean): SQL => (short ? shortOrder : sql`not ${shortOrder}`);

/**
 * Which orders a list shows (docs/outbound.md, "What each list shows"):
 * - active (the main list): every order except those shipped more than 7 days ago;
 * - all (the /shipped-orders archive): every shipped order (lifecycle shipped: shipped, Delivered, Letter_shipped),
 *   whenever it shipped — recent ones also still show on the main list, so nothing falls between the two.
 */
export function listTypeCondition(type: OrderFilter['type']): SQL | undefined {
  if (type === 'all') return eq(orders.lifecycle, 'shipped');
  if (type === 'active') {
    return sql`not (${orders.lifecycle} = 'shipped' and ${orders.shippedAt} < now() - make_interval(days => ${SHIPPED_ARCHIVE_DAYS}))`;
  }
  return undefined;
}

/** The caller's scope plus the filters, on the `orders` table (unaliased, so it also works inside sub-selects). */
export function orderFilterCondition(scope: Scope, filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [orderScope(scope), listTypeCondition(filter.type)];
  if (filter.account_id !== undefined) conditions.push(eq(orders.accountId, filter.account_id));
  if (filter.warehouse_id !== undefined) conditions.push(eq(orders.warehouseId, filter.warehouse_id));
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.short !== undefined) conditions.push(shortCondition(filter.short));
  if (filter.priority) conditions.push(eq(orders.priority, filter.priority));
  if (filter.search) {
    const pattern = containsPattern(filter.search.toLowerCase());
    conditions.push(
      sql`(lower(${orders.orderNumber}) like ${pattern} or lower(${orders.externalOrderId}) like ${pattern}
        or lower(${orders.customerName}) like ${pattern})`,
    );
  }
  return and(...conditions);
}
