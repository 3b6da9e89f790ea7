import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * API keys. Only a SHA-256 of the secret is stored (the secret is 256 random bits, so a fast hash is
 * enough: there is nothing to brute-force, unlike a password). A key goes with its creator or its account (cascade,
 * like sign-in tokens): a key whose user or account is gone could never act again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the creator's whole scope (staff integration keys only). */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    permissions: text('permissions').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId), index('api_keys_account_idx').on(t.accountId)],
);
