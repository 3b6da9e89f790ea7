import { queryOptions } from '@tanstack/react-query';
import type { User, WarehouseSummary } from '@wms/contract/entities';
import type { LoginInput, RegisterInput } from '@wms/contract/validation';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { authKeys } from './query-keys';

export interface SessionAnswer {
  user: User;
  token: string;
}

// Sign-in and registration show 422 answers on their fields; other failures (429, 500, network) still toast.
// No selection defaults: these calls happen before (or regardless of) any warehouse/account selection.
export const signIn = (input: LoginInput) =>
  api.post<SessionAnswer>('/login', input, { bypass_default: true, notifyOnError: notifyUnlessValidation });

export const registerUser = (input: RegisterInput) =>
  api.post<SessionAnswer>('/register', input, { bypass_default: true, notifyOnError: notifyUnlessValidation });

/** Spec 1 §7: the list is in `data`, possibly nested one level deeper. */
const unwrapList = (answer: { data: unknown }): WarehouseSummary[] => {
  const { data } = answer;
  if (Array.isArray(data)) return data as WarehouseSummary[];
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)) {
    return (data as { data: WarehouseSummary[] }).data;
  }
  return [];
};

/** Public list for the registration form. Its failure has its own message (spec 1 §8), shown by the page. */
export const publicWarehousesQuery = () =>
  queryOptions({
    queryKey: authKeys.publicWarehouses(),
    queryFn: ({ signal }) =>
      api
        .get<{ data: unknown }>('/all-warehouses', { bypass_default: true, notifyOnError: false, signal })
        .then(unwrapList),
    staleTime: 5 * 60_000,
  });
