import { type SQL, sql } from 'drizzle-orm';
import type { RowPosition } from '../http/keyset';

/* The SQL side of keyset paging (http/keyset.ts holds the cursors and page plans): the condition a page starts at. */

/** One table's columns in a keyset list: its sort key (a typed SQL expression), its id, and its kind. */
export interface KeysetColumns {
  /** Absent for lists sorted by id alone. */
  key?: { expression: SQL; type: 'timestamptz' | 'date' | 'text'; nullable: boolean };
  id: SQL;
  kind?: string;
}

/**
 * The rows after `position` when scanning in `direction` (PostgreSQL's default null order: nulls last ascending,
 * first descending; a back page scans the reverse direction, which reverses the null order too). Written as a row
 * comparison so the sort's (…, key, id) index serves it as a range.
 */
export function rowsAfter(columns: KeysetColumns, direction: 'asc' | 'desc', position: RowPosition): SQL {
  const asc = direction === 'asc';
  // Same key and id in another table: the kind decides (the list's last tie-break, in the scan's direction).
  const inclusive =
    columns.kind !== undefined &&
    position.kind !== undefined &&
    (asc ? columns.kind > position.kind : columns.kind < position.kind);
  const op = sql.raw(asc ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<');
  const id = sql`${position.id}::bigint`;
  if (!columns.key) return sql`${columns.id} ${op} ${id}`;
  const { expression, type, nullable } = columns.key;
  if (position.key === null || position.key === undefined) {
    // Among the empty keys: ascending they come last (only empty keys follow), descending first (all keys follow).
    const amongEmpty = sql`(${expression} is null and ${columns.id} ${op} ${id})`;
    return asc ? amongEmpty : sql`(${amongEmpty} or ${expression} is not null)`;
  }
  const after = sql`(${expression}, ${columns.id}) ${op} (${position.key}::${sql.raw(type)}, ${id})`;
  return nullable && asc ? sql`(${after} or ${expression} is null)` : after;
}
