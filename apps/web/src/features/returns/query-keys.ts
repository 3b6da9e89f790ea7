import { returnRootKeys, stockKeys } from '../../lib/query-keys/shared-keys';

/** React Query keys of the returns screens (list, detail, the announce form's order, the phone's receiving). */
export const returnKeys = {
  all: returnRootKeys.all,
  list: (params: object) => ['returns', 'list', params] as const,
  detail: (id: number) => ['returns', 'detail', id] as const,
  order: (orderId: number) => ['returns', 'order-detail', orderId] as const,
  ofOrder: returnRootKeys.ofOrder,
  accounts: (warehouseId: number) => ['returns', 'accounts', warehouseId] as const,
  /** A receipt or a release moves units: the returns and the stock screens. */
  staleAfterStock: [returnRootKeys.all, stockKeys.all] as const,
};
