import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** What `preRenderSelect` needs of a drizzle select built without a database (`new QueryBuilder().select(…)…`). */
interface SelectTemplate {
  getSQL(): SQL;
  readonly _: { readonly result: unknown; readonly selectedFields: Record<string, unknown> };
}

/** The handle's own dialect renders exactly like this one: no casing option is used anywhere in the server. */
const dialect = new PgDialect();

/**
 * A select whose column list, tables and joins are rendered to SQL text once per process; each run renders only
 * the `tail` it is given (WHERE, ORDER BY) after that text. Drizzle rebuilt the order view's 27 columns
 * and subqueries on every request. Rows go through drizzle's own session with the select's fields, so they map
 * exactly as `db.select()` maps them (timestamps to Date, JSON parsed, the same decoders) and the logger still
 * sees the statement. Only flat selections (no nested objects): each field is one column of the row.
 */
export function preRenderSelect<T extends SelectTemplate>(template: T) {
  const rendered = dialect.sqlToQuery(template.getSQL());
  // The text is reused as is, so it must not carry bound values (their $n numbers would clash with the tail's).
  if (rendered.params.length > 0)
    throw new Error('preRenderSelect: the static part of a select must have no parameters');
  const head = sql.raw(rendered.sql);
  const fields: SelectedFieldsOrdered = Object.entries(template._.selectedFields).map(([name, field]) => ({
    path: [name],
    field: field as SelectedFieldsOrdered[number]['field'],
  }));
  return (db: Executor, tail: SQL): Promise<T['_']['result']> =>
    db._.session.prepareQuery(dialect.sqlToQuery(sql`${head} ${tail}`), fields, undefined, true).execute() as Promise<
      T['_']['result']
    >;
}
