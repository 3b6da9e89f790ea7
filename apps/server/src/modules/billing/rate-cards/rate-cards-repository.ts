import type { RateCard, Rates } from '@wms/contract/rate-cards';
import { and, asc, eq, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { invoices } from '../../../db/schema/billing';
import { rateCards, rateCardVersions } from '../../../db/schema/rate-cards';

interface CardRow {
  id: number;
  accountId: number | null;
  accountName: string | null;
}

/** The default card (the migration creates it; this keeps it there in a database whose tables were emptied). */
export async function ensureDefaultCard(db: Executor): Promise<void> {
  await db.insert(rateCards).values({ accountId: null }).onConflictDoNothing();
}

const cardColumns = { id: rateCards.id, accountId: rateCards.accountId, accountName: accounts.name };

/**
 * The cards a scope reaches: an account's card follows that account's scope; the default card prices
 * every account, so only a caller who sees every account reaches it. Undefined: every card (pricing, not a caller).
 */
function cardScope(scope: Scope | undefined): SQL | undefined {
  if (scope === undefined || scope.kind === 'all') return undefined;
  return and(isNotNull(rateCards.accountId), accountCondition(scope, rateCards.accountId));
}

/** The card of that id, when it exists and the scope reaches it. */
export async function findCardRow(db: Executor, id: number, scope?: Scope): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(rateCards)
    .leftJoin(accounts, eq(accounts.id, rateCards.accountId))
    .where(and(eq(rateCards.id, id), cardScope(scope)));
  return row;
}

/** The default card first, then account cards by account name (those the scope reaches). */
async function cardRows(db: Executor, scope: Scope | undefined): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(rateCards)
    .leftJoin(accounts, eq(accounts.id, rateCards.accountId))
    .where(cardScope(scope))
    .orderBy(sql`${rateCards.accountId} is not null`, asc(sql`lower(${accounts.name})`), asc(rateCards.id));
}

/**
 * Cards with their versions, oldest first; `earliestFor` (the first date a version of the card of that account, or
 * of the default card for null, may take effect) decides which versions may still change.
 */
export async function loadCards(
  db: Executor,
  earliestFor: (accountId: number | null) => string | null,
  onlyId?: number,
  scope?: Scope,
): Promise<RateCard[]> {
  const cards =
    onlyId === undefined
      ? await cardRows(db, scope)
      : [await findCardRow(db, onlyId, scope)].filter((c) => c !== undefined);
  if (cards.length === 0) return [];
  const versions = await db
    .select()
    .from(rateCardVersions)
    .where(onlyId === undefined ? undefined : eq(rateCardVersions.rateCardId, onlyId))
    .orderBy(asc(rateCardVersions.effectiveFrom));
  return cards.map((card) => {
    const earliest = earliestFor(card.accountId);
    return {
      id: card.id,
      account_id: card.accountId,
      account_name: card.accountName,
      earliest_effective_from: earliest,
      versions: versions
        .filter((version) => version.rateCardId === card.id)
        .map((version) => ({
          id: version.id,
          effective_from: version.effectiveFrom,
          rates: version.rates,
          editable: earliest === null || version.effectiveFrom >= earliest,
          updated_at: version.updatedAt.toISOString(),
        })),
    };
  });
}

/** The account's name, when it exists and the scope reaches it. */
export const accountName = async (db: Executor, accountId: number, scope: Scope): Promise<string | undefined> =>
  (
    await db
      .select({ name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), accountCondition(scope, accounts.id)))
  )[0]?.name;

export const hasCardFor = async (db: Executor, accountId: number): Promise<boolean> =>
  (await db.select({ id: rateCards.id }).from(rateCards).where(eq(rateCards.accountId, accountId))).length > 0;

export async function insertCard(db: Executor, accountId: number): Promise<number> {
  const [row] = await db.insert(rateCards).values({ accountId }).returning({ id: rateCards.id });
  return row!.id;
}

/**
 * Adds the version of that date, or replaces the rates of the existing one. Only for dates from `earliest` on: the
 * WHERE refuses to touch a version already in force (or billed) even if a caller skipped the service's check.
 * Answers whether a version was replaced, or null when the existing version of that date may no longer change.
 */
export async function upsertVersion(
  db: Executor,
  cardId: number,
  effectiveFrom: string,
  rates: Rates,
  earliest: string | null,
): Promise<{ replaced: boolean } | null> {
  const inserted = await db
    .insert(rateCardVersions)
    .values({ rateCardId: cardId, effectiveFrom, rates })
    .onConflictDoNothing()
    .returning({ id: rateCardVersions.id });
  if (inserted.length > 0) return { replaced: false };
  const updated = await db
    .update(rateCardVersions)
    .set({ rates, updatedAt: new Date() })
    .where(
      and(
        eq(rateCardVersions.rateCardId, cardId),
        eq(rateCardVersions.effectiveFrom, effectiveFrom),
        earliest === null ? undefined : sql`${rateCardVersions.effectiveFrom} >= ${earliest}`,
      ),
    )
    .returning({ id: rateCardVersions.id });
  return updated.length > 0 ? { replaced: true } : null;
}

/** The last day already billed: the latest period end of a finalized invoice (of one account, or of any). */
export async function lastFinalizedDay(db: Executor, accountId?: number): Promise<string | null> {
  const [row] = await db
    .select({ last: max(invoices.periodTo) })
    .from(invoices)
    .where(
      and(eq(invoices.status, 'finalized'), accountId === undefined ? undefined : eq(invoices.accountId, accountId)),
    );
  return row?.last ?? null;
}

/** Latest finalized period end per account (for the rate-card editor's earliest dates). */
export async function lastFinalizedDayByAccount(db: Executor): Promise<Map<number, string>> {
  const rows = await db
    .select({ accountId: invoices.accountId, last: max(invoices.periodTo) })
    .from(invoices)
    .where(eq(invoices.status, 'finalized'))
    .groupBy(invoices.accountId);
  return new Map(rows.flatMap((row) => (row.last ? [[row.accountId, row.last] as const] : [])));
}
