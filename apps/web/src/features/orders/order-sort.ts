import { DEFAULT_SORT_DIRECTION, ORDER_SORTS, type OrderSort, type SortDirection } from '@wms/contract/orders';

export interface OrderSortState {
  sort: OrderSort;
  direction: SortDirection;
}

/** The list's default: newest first, as before the list could be sorted. */
export const DEFAULT_ORDER_SORT: OrderSortState = { sort: 'created_at', direction: 'desc' };

/** The sort of `?sort=…&direction=…` (the URL keeps it, like the filters); anything else is the default. */
export function orderSortFromParams(params: URLSearchParams): OrderSortState {
  const sort = params.get('sort');
  if (!sort || !(ORDER_SORTS as readonly string[]).includes(sort)) return DEFAULT_ORDER_SORT;
  const direction = params.get('direction');
  return {
    sort: sort as OrderSort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_SORT_DIRECTION[sort as OrderSort],
  };
}

/** URL params of a sort: none for the default, so plain /orders stays plain. */
export const orderSortParams = ({ sort, direction }: OrderSortState) =>
  sort === DEFAULT_ORDER_SORT.sort && direction === DEFAULT_ORDER_SORT.direction
    ? { sort: null, direction: null }
    : { sort, direction };

/** The sort menu (every width; on the table, the Customer, Ship Date and Created headers sort too). */
export const ORDER_SORT_CHOICES: readonly { value: string; label: string; state: OrderSortState }[] = [
  { value: 'created_at:desc', label: 'Newest first', state: { sort: 'created_at', direction: 'desc' } },
  { value: 'created_at:asc', label: 'Oldest first', state: { sort: 'created_at', direction: 'asc' } },
  { value: 'ship_date:asc', label: 'Ship date, soonest', state: { sort: 'ship_date', direction: 'asc' } },
  { value: 'ship_date:desc', label: 'Ship date, latest', state: { sort: 'ship_date', direction: 'desc' } },
  { value: 'customer_name:asc', label: 'Customer A–Z', state: { sort: 'customer_name', direction: 'asc' } },
  { value: 'customer_name:desc', label: 'Customer Z–A', state: { sort: 'customer_name', direction: 'desc' } },
];
