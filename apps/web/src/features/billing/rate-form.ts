import { parseRate, rateText } from '@wms/contract/money';
import {
  CHARGE_TYPES,
  type ChargeType,
  RATE_CARD_MESSAGES,
  type RateCard,
  type Rates,
  versionOn,
} from '@wms/contract/rate-cards';

/** One charge type in the editor: the rate as typed (empty: not set on this card) and its on/off switch. */
export interface RateRow {
  text: string;
  enabled: boolean;
}
export type RateRows = Record<ChargeType, RateRow>;

/** The editor starts from the version in force today, or the latest scheduled one if that is later. */
export function startingRows(card: RateCard | undefined, today: string): RateRows {
  const versions = card?.versions ?? [];
  const latest = versions.at(-1);
  const base = latest && latest.effective_from >= today ? latest : versionOn(versions, today);
  return Object.fromEntries(
    CHARGE_TYPES.map((type) => {
      const rate = base?.rates[type];
      return [type, rate ? { text: rateText(rate.rate_micros), enabled: rate.enabled } : { text: '', enabled: true }];
    }),
  ) as RateRows;
}

/** The rates to send, or the message of each row that is not a valid rate. Empty rows are left out. */
export function ratesOfRows(rows: RateRows): { rates: Rates; errors: Partial<Record<ChargeType, string>> } {
  const rates: Rates = {};
  const errors: Partial<Record<ChargeType, string>> = {};
  for (const type of CHARGE_TYPES) {
    const row = rows[type];
    const text = row.text.trim();
    if (text === '') continue;
    const micros = parseRate(text);
    if (micros === null)
      errors[type] = text.startsWith('-') ? RATE_CARD_MESSAGES.rateNegative : RATE_CARD_MESSAGES.rateInvalid;
    else rates[type] = { rate_micros: micros, enabled: row.enabled };
  }
  return { rates, errors };
}

/** Today in UTC, the clock the server's "not in the past" rule uses. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
