import { addDays } from '@wms/contract/billing';
import { RATE_CARD_MESSAGES, type RateCard, type RateCardVersionInput } from '@wms/contract/rate-cards';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { isUniqueViolation } from '../../../http/database-errors';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { noteRateCardChange } from './rate-card-changes';
import {
  accountName,
  ensureDefaultCard,
  findCardRow,
  hasCardFor,
  insertCard,
  lastFinalizedDay,
  lastFinalizedDayByAccount,
  loadCards,
  upsertVersion,
} from './rate-cards-repository';

/** The UTC date (the running charges' month; rate-card edits follow every warehouse's zone, see `earliestDates`). */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/**
 * The first date a version may take effect, per card: the day after the last day of a finalized invoice the card
 * prices — the account's invoices for its own card, any account's for the default card (it prices them all). Billed
 * charges never change; any day not billed yet may (a new installation's first month, already worked,
 * is priced by the rates set during it). null: no finalized invoice, any date.
 */
async function earliestDates(db: Executor): Promise<(accountId: number | null) => string | null> {
  const anyBilled = await lastFinalizedDay(db);
  const billed = await lastFinalizedDayByAccount(db);
  return (accountId) => {
    const last = accountId === null ? anyBilled : (billed.get(accountId) ?? null);
    return last === null ? null : addDays(last, 1);
  };
}

/** Rate cards are global billing data, like shippers: their events concern no warehouse or account. */
const cardEvent = (auth: RequestAuth, id: number) => ({
  actorId: auth.user.id,
  subject: { type: 'rate_card', id },
  warehouseIds: [],
  accountIds: [],
});

/**
 * The cards the caller reaches: holding `manage billing` is not enough — a manager given it, or an
 * administrator's API key limited to one account, reaches only the cards of the accounts in their scope, and the
 * default card (it prices every account) only when they see every account.
 */
export async function listRateCards(db: Database, auth: RequestAuth): Promise<RateCard[]> {
  await ensureDefaultCard(db);
  return loadCards(db, await earliestDates(db), undefined, await auth.scope());
}

/** 404 for a card out of the caller's scope, as for one that does not exist. */
export async function getRateCard(db: Database, auth: RequestAuth, id: number): Promise<RateCard> {
  const [card] = await loadCards(db, await earliestDates(db), id, await auth.scope());
  if (!card) throw notFound();
  return card;
}

/** An account out of the caller's scope is refused as an unknown one (422 on account_id, never "not yours"). */
export async function createRateCard(db: Database, auth: RequestAuth, accountId: number): Promise<RateCard> {
  const name = await accountName(db, accountId, await auth.scope());
  if (name === undefined) throw fieldError('account_id', RATE_CARD_MESSAGES.accountUnknown);
  if (await hasCardFor(db, accountId)) throw conflict(RATE_CARD_MESSAGES.cardExists);
  try {
    const id = await inTransaction(db, async (tx) => {
      const created = await insertCard(tx, accountId);
      await recordEvent(tx, {
        kind: 'rate_card.created',
        payload: { account_name: name },
        ...cardEvent(auth, created),
      });
      return created;
    });
    return getRateCard(db, auth, id);
  } catch (error) {
    // Two staff creating the same account's card at once: the unique constraint lets one through.
    if (isUniqueViolation(error)) throw conflict(RATE_CARD_MESSAGES.cardExists);
    throw error;
  }
}

/**
 * Adds a version from its effective date, or edits the rates of a version. A date not after a finalized invoice's
 * last day is refused (422 on effective_from): charges already billed keep the rates they were billed at.
 */
export async function saveRateCardVersion(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: RateCardVersionInput,
): Promise<RateCard> {
  const card = await findCardRow(db, id, await auth.scope());
  if (!card) throw notFound();
  const earliest = (await earliestDates(db))(card.accountId);
  if (earliest !== null && input.effective_from < earliest) {
    throw fieldError('effective_from', RATE_CARD_MESSAGES.dateInvoiced);
  }
  await inTransaction(db, async (tx) => {
    const saved = await upsertVersion(tx, id, input.effective_from, input.rates, earliest);
    // Only reachable if an invoice was finalized over the date between the check above and the write.
    if (!saved) throw fieldError('effective_from', RATE_CARD_MESSAGES.dateInvoiced);
    await recordEvent(tx, {
      kind: 'rate_card.version_saved',
      payload: { card: card.accountName ?? 'Default', effective_from: input.effective_from, replaced: saved.replaced },
      ...cardEvent(auth, id),
    });
  });
  // A version may now reprice days already worked this month: the dashboard's cached running charges are stale.
  noteRateCardChange();
  return getRateCard(db, auth, id);
}

/** The versions billing prices an account's charges with: the default card's and the account's own. */
export async function ratesForAccount(
  db: Executor,
  accountId: number,
): Promise<{ default: RateCard['versions']; account?: RateCard['versions'] }> {
  // Pricing reads the versions only: which of them may still change does not matter here.
  const cards = await loadCards(db, () => null);
  const own = cards.find((card) => card.account_id === accountId);
  return {
    default: cards.find((card) => card.account_id === null)?.versions ?? [],
    ...(own ? { account: own.versions } : {}),
  };
}

/**
 * The versions of every card at once, for billing many accounts in one go (the dashboard's unbilled activity):
 * `forAccount(id)` answers what `ratesForAccount` would, without a query per account.
 */
export async function ratesForEveryAccount(db: Executor): Promise<{
  forAccount(accountId: number): { default: RateCard['versions']; account?: RateCard['versions'] };
}> {
  // Pricing reads the versions only: which of them may still change does not matter here.
  const cards = await loadCards(db, () => null);
  const fallback = cards.find((card) => card.account_id === null)?.versions ?? [];
  const own = new Map(cards.flatMap((card) => (card.account_id === null ? [] : [[card.account_id, card.versions]])));
  return {
    forAccount: (accountId) => {
      const versions = own.get(accountId);
      return { default: fallback, ...(versions ? { account: versions } : {}) };
    },
  };
}
