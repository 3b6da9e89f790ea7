import { type SQL, sql } from 'drizzle-orm';

/**
 * An order's lines and units shipped, read from its lines: what orders.shipped_lines/shipped_units record when it
 * ships, and what billing falls back to for an order shipped without them (rows written by hand or by a script).
 * `orderId` is an SQL expression naming the order (`o.id`); the subqueries alias their own table, so an unqualified
 * column of the outer statement can never be taken for one of order_items'.
 */
export const shippedLinesOf = (orderId: SQL) =>
  sql`(select count(*)::int from order_items shipped_line where shipped_line.order_id = ${orderId})`;

export const shippedUnitsOf = (orderId: SQL) =>
  sql`(select coalesce(sum(shipped_line.quantity_shipped), 0)::int from order_items shipped_line
    where shipped_line.order_id = ${orderId})`;

/** The recorded counts of the order aliased `alias`, else its lines' (for billing's reads). */
export const shippedLinesAndUnits = (alias: string) => {
  const order = sql.raw(alias);
  return {
    lines: sql`coalesce(${order}.shipped_lines, ${shippedLinesOf(sql`${order}.id`)})`,
    units: sql`coalesce(${order}.shipped_units, ${shippedUnitsOf(sql`${order}.id`)})`,
  };
};
