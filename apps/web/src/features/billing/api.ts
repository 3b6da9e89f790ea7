import { queryOptions } from '@tanstack/react-query';
import type { RateCard, RateCardVersionInput } from '@wms/contract/rate-cards';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/serverErrors';

/** Rate cards are installation-wide: the header's warehouse/account selection never applies. */
const options = { bypass_default: true } as const;
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;

export const rateCardKeys = { all: ['rate-cards'] as const };

export const rateCardsQuery = () =>
  queryOptions({
    queryKey: rateCardKeys.all,
    queryFn: ({ signal }) =>
      api.get<{ rate_cards: RateCard[]; currency: string }>('/rate-cards', { ...options, signal }),
  });

type Saved = { rate_card: RateCard; message: string };

export const createRateCard = (accountId: number) =>
  api.post<Saved>('/rate-cards', { account_id: accountId }, formOptions);

export const saveRateCardVersion = (id: number, input: RateCardVersionInput) =>
  api.put<Saved>(`/rate-cards/${id}`, input, formOptions);
