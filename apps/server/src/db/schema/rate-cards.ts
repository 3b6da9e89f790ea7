import type { Rates } from '@wms/contract/rate-cards';
import { date, integer, jsonb, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Rate cards: one default card (account_id NULL, created by its migration) and at most one card per
 * account. NULLS NOT DISTINCT makes "one default" a constraint, not a convention.
 */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('rate_cards_account_unique').on(t.accountId).nullsNotDistinct()],
);

/**
 * A version of a card: from `effective_from` on, its rates (integer micro-units and an on/off flag per charge type,
 * validated by the contract's `ratesSchema`) apply until the next version's date. Versions already in force are
 * never rewritten (the service refuses it).
 */
export const rateCardVersions = pgTable(
  'rate_card_versions',
  {
    id: serial('id').primaryKey(),
    rateCardId: integer('rate_card_id')
      .notNull()
      .references(() => rateCards.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rates: jsonb('rates').$type<Rates>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The unique pair also serves "versions of a card" (its first column).
  (t) => [unique('rate_card_versions_card_date_unique').on(t.rateCardId, t.effectiveFrom)],
);
