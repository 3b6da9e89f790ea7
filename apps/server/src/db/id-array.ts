import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * An id list bound as ONE array parameter (a text literal cast to the array type), where drizzle's `inArray` binds
 * one parameter per id: rendering and sending the 25 of an orders page cost ≈ 0.1 ms of CPU per request,
 * and the statement's text stays the same whatever the count. PostgreSQL plans `= any(array)` as it plans `in (…)`.
 */
export const idArray = (ids: readonly number[], type: 'int' | 'bigint' = 'int'): SQL =>
  sql`${`{${ids.join(',')}}`}::${sql.raw(type)}[]`;

/** `column` is one of `ids` (see idArray). */
export const anyId = (column: SQLWrapper, ids: readonly number[]): SQL => sql`${column} = any(${idArray(ids)})`;
