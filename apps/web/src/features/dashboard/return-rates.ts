import type { Dashboard } from '@wms/contract/dashboard';

type ReturnRate = Dashboard['returns']['return_rate'][number];

/** "12.5 %" of units shipped came back; "none shipped" when the account shipped nothing in the timeframe. */
export const returnRateLabel = (rate: number | null): string =>
  rate === null ? 'none shipped' : `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

/** The accounts that had units back, highest rate first (none shipped last), five at most. */
export function topReturnRates(rates: readonly ReturnRate[], limit = 5): ReturnRate[] {
  return rates
    .filter((rate) => rate.returned_units > 0)
    .sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1) || b.returned_units - a.returned_units)
    .slice(0, limit);
}
