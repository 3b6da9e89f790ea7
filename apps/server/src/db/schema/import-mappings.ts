import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * A saved import mapping: which column of a shop's export feeds which field of our template, kept per
 * account under a name. `header_key` is the file's header normalised, so a file with the same header finds it.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('orders'),
    name: text('name').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_mappings_account_name_idx').on(t.accountId, t.kind, t.name),
    index('import_mappings_header_idx').on(t.kind, t.headerKey),
  ],
);
