import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * `"table"."column"` for use inside correlated sub-selects. Drizzle writes select-list columns of a single-table
 * query unqualified, and inside a sub-select an unqualified `"id"` binds to the inner table instead.
 */
export const qualified = (column: Column): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
