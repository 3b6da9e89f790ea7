import { queryOptions } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@wms/contract/paging';
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

/**
 * Accounts that could get a card: one page of the largest size, names only. Billing keeps its own query rather than
 * reaching into the accounts feature (DESIGN §9).
 */
export const billableAccountsQuery = () =>
  queryOptions({
    queryKey: [...rateCardKeys.all, 'accounts'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string }[] }>('/accounts', {
        ...options,
        query: { page: 1, per_page: MAX_PER_PAGE },
        signal,
      }),
  });

type Saved = { rate_card: RateCard; message: string };

export const createRateCard = (accountId: number) =>
  api.post<Saved>('/rate-cards', { account_id: accountId }, formOptions);

export const saveRateCardVersion = (id: number, input: RateCardVersionInput) =>
  api.put<Saved>(`/rate-cards/${id}`, input, formOptions);
