import type { OrderSort, SortDirection } from '@wms/contract/orders';
import type { ContextKey } from '../../lib/context/context-key';
import { orderRootKeys } from '../../lib/query-keys/shared-keys';

export interface OrderListKeyParams {
  type: 'active' | 'all';
  page: number;
  search: string;
  status: string;
  /** Backorder filter (main list only): short orders, or the others. */
  short?: 'true' | 'false';
  accountId: number | null;
  warehouseId: number | null;
  /** Absent: newest first. */
  sort?: OrderSort;
  direction?: SortDirection;
  /** Cursor paging: the page reached by next/previous beyond the count cap, or a jump to a date. */
  cursor?: string;
  jumpTo?: string;
}

/** Every query key of the orders feature (lists carry the working context, so a new selection is a new query). */
export const orderKeys = {
  all: orderRootKeys.all,
  list: (context: ContextKey, params: OrderListKeyParams) => ['orders', 'list', context, params] as const,
  statistics: (context: ContextKey, params: { accountId: number | null }) =>
    ['orders', 'statistics', context, params] as const,
  statusOptions: (lifecycle?: string) => ['orders', 'status-options', lifecycle ?? 'any'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  labels: (id: number) => ['orders', 'labels', id] as const,
  cartons: (id: number) => ['orders', 'cartons', id] as const,
  accountsOfWarehouse: (warehouseId: number | null) => ['orders', 'accounts-of-warehouse', warehouseId] as const,
  shippers: () => ['orders', 'shippers'] as const,
};
