import { queryOptions } from '@tanstack/react-query';
import type { Account, Warehouse } from '@wms/contract/entities';
import type { PageMeta } from '@wms/contract/pagination';
import { MAX_PER_PAGE } from '@wms/contract/paging';
import { api } from '../api/client';
import { contextKeys } from '../query-keys/shared-keys';

/** The selectors list everything in scope: the server's largest page. */
const SELECTOR_PAGE_SIZE = MAX_PER_PAGE;

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/**
 * The lists behind the context selection (header selectors, account selection page, route guard). They bypass
 * the default warehouse/account parameters: the server would otherwise narrow them to the current selection,
 * and a selector must offer every choice. Errors are toasted by the api client's catalogue.
 */
export const selectableAccountsQuery = () =>
  queryOptions({
    queryKey: contextKeys.accounts(),
    queryFn: ({ signal }) =>
      api
        .get<Page<Account>>('/accounts', { query: { per_page: SELECTOR_PAGE_SIZE }, bypass_default: true, signal })
        .then((page) => page.data),
    staleTime: 60_000,
  });

export const selectableWarehousesQuery = () =>
  queryOptions({
    queryKey: contextKeys.warehouses(),
    queryFn: ({ signal }) =>
      api
        .get<Page<Warehouse>>('/warehouses', { query: { per_page: SELECTOR_PAGE_SIZE }, bypass_default: true, signal })
        .then((page) => page.data),
    staleTime: 60_000,
  });

export const isSelectableAccount = (account: Pick<Account, 'status'>): boolean => account.status === 'active';
export const isSelectableWarehouse = (warehouse: Pick<Warehouse, 'is_active'>): boolean => warehouse.is_active;
