import {
  type ChargeGroup,
  type ChargeLine,
  chargeTypeLabel,
  type Evidence,
  type LineChargeType,
  MANUAL_CHARGE_TYPE,
} from '@wms/contract/billing';
import { lineAmountCents } from '@wms/contract/money';
import { CHARGE_TYPES, type ChargeType, effectiveRate, type RateCardVersion } from '@wms/contract/rate-cards';
import type { ChargeFact, ManualChargeFact } from './charge-facts-repository';

export interface AccountCards {
  default: readonly Pick<RateCardVersion, 'effective_from' | 'rates'>[];
  account?: readonly Pick<RateCardVersion, 'effective_from' | 'rates'>[];
}

const monthOf = (date: string) => date.slice(0, 7);

/** The calendar months wholly inside [from, to], as their first and last days. */
export function wholeMonths(from: string, to: string): { first: string; last: string }[] {
  const months: { first: string; last: string }[] = [];
  const cursor = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  for (;;) {
    const first = cursor.toISOString().slice(0, 10);
    const next = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
    const last = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
    if (first > to) break;
    if (first >= from && last <= to) months.push({ first, last });
    cursor.setTime(next.getTime());
  }
  return months;
}

/**
 * Prices derived facts (pure): each fact takes the rate in force on its own day (account card over default, a
 * change applying from its date), facts whose charge type is off or has no rate are not billed. Facts of one charge
 * type, month and rate become one line (`rate_effective_from`: the version of its first fact): quantity = Σ, amount = quantity × rate rounded half up to the cent
 * once per line (so the total never depends on how many facts there were).
 */
export function priceFacts(facts: readonly ChargeFact[], cards: AccountCards): ChargeLine[] {
  const lines = new Map<string, ChargeLine>();
  // A busy month has 300 000 facts but only (charge types × days) distinct rates: each is looked up once.
  const rates = new Map<string, { rate: ReturnType<typeof effectiveRate>; key: string }>();
  for (const fact of facts) {
    const rateKey = `${fact.chargeType}|${fact.date}`;
    let found = rates.get(rateKey);
    if (!found) {
      const rate = effectiveRate(cards, fact.chargeType, fact.date);
      // A new card version that keeps a rate does not split its line: only a different rate does.
      const key = rate ? [fact.chargeType, monthOf(fact.date), rate.source, rate.rate_micros].join('|') : '';
      found = { rate, key };
      rates.set(rateKey, found);
    }
    const { rate, key } = found;
    if (!rate?.enabled) continue;
    let line = lines.get(key);
    if (!line) {
      line = {
        charge_type: fact.chargeType,
        description: chargeTypeLabel(fact.chargeType),
        quantity: 0,
        rate_micros: rate.rate_micros,
        amount_cents: 0,
        rate_effective_from: rate.effective_from,
        rate_source: rate.source,
        evidence: [],
        evidence_total: 0,
      };
      lines.set(key, line);
    }
    line.quantity += fact.quantity;
    line.evidence.push(fact.evidence);
  }
  for (const line of lines.values()) {
    line.amount_cents = lineAmountCents(line.quantity, line.rate_micros);
    line.evidence_total = line.evidence.length;
  }
  return [...lines.values()];
}

export function manualLines(charges: readonly ManualChargeFact[]): ChargeLine[] {
  return charges.map((charge) => ({
    charge_type: MANUAL_CHARGE_TYPE,
    description: charge.description,
    quantity: charge.quantity,
    rate_micros: charge.rateMicros,
    amount_cents: lineAmountCents(charge.quantity, charge.rateMicros),
    rate_effective_from: null,
    rate_source: 'manual',
    evidence: [
      {
        kind: 'manual_charge',
        id: charge.id,
        reference: charge.description,
        date: charge.date,
        quantity: charge.quantity,
      } satisfies Evidence,
    ],
    evidence_total: 1,
  }));
}

/**
 * The minimum monthly fee: for each calendar month wholly inside the period, when the month's charges (derived and
 * manual) come to less than the minimum in force on the month's first day, a line tops them up to it. A partial
 * month has no minimum (it is billed when its whole month is).
 */
export function minimumLines(
  from: string,
  to: string,
  lines: readonly ChargeLine[],
  cards: AccountCards,
): ChargeLine[] {
  const result: ChargeLine[] = [];
  for (const { first, last } of wholeMonths(from, to)) {
    const rate = effectiveRate(cards, 'monthly_minimum', first);
    if (!rate?.enabled) continue;
    const minimum = lineAmountCents(1, rate.rate_micros);
    const month = monthOf(first);
    // Every line belongs to one month (derived lines are split by month; a manual line has one date).
    const charged = lines
      .filter((line) => line.evidence.some((e) => monthOf(e.date) === month))
      .reduce((sum, line) => sum + line.amount_cents, 0);
    if (charged >= minimum) continue;
    const topUp = minimum - charged;
    result.push({
      charge_type: 'monthly_minimum',
      description: `${chargeTypeLabel('monthly_minimum')} (${month}): charges below the minimum`,
      quantity: 1,
      rate_micros: topUp * 10_000,
      amount_cents: topUp,
      rate_effective_from: rate.effective_from,
      rate_source: rate.source,
      evidence: [{ kind: 'minimum', id: null, reference: month, date: last, quantity: charged }],
      evidence_total: 1,
    });
  }
  return result;
}

const TYPE_ORDER: readonly LineChargeType[] = [...CHARGE_TYPES, MANUAL_CHARGE_TYPE];

/** Lines grouped by charge type, in the rate card's order (manual last), each group with its total. */
export function groupLines(lines: readonly ChargeLine[]): ChargeGroup[] {
  return TYPE_ORDER.flatMap((type) => {
    const own = lines.filter((line) => line.charge_type === type);
    if (own.length === 0) return [];
    return [
      {
        charge_type: type,
        label: chargeTypeLabel(type as ChargeType | typeof MANUAL_CHARGE_TYPE),
        lines: own,
        total_cents: own.reduce((sum, line) => sum + line.amount_cents, 0),
      },
    ];
  });
}

/** Every line of a period: derived, manual and the minimum top-up. */
export function chargeLines(
  from: string,
  to: string,
  facts: readonly ChargeFact[],
  manual: readonly ManualChargeFact[],
  cards: AccountCards,
): ChargeLine[] {
  const lines = [...priceFacts(facts, cards), ...manualLines(manual)];
  return [...lines, ...minimumLines(from, to, lines, cards)];
}
