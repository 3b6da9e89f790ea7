import type { Product } from '@wms/contract/products';
import { api } from '../api/client';
import type { WorkingContext } from './use-working-context';

/**
 * Spec §5: the product select searches as the user types (debounced by the caller), within the working context:
 * a client's selected account, or staff's products of accounts linked to the header's warehouse. Shared by every
 * product picker of the working context (new inventory, a cycle count of one product).
 */
export async function searchProducts(
  search: string,
  context: WorkingContext,
  signal?: AbortSignal,
): Promise<Product[]> {
  const query = { search: search.trim() || undefined, per_page: 20, warehouse_id: context.warehouseId ?? undefined };
  const options = { bypass_default: true, notifyOnError: false, signal } as const;
  const path = context.isClient && context.accountId !== null ? `/accounts/${context.accountId}/products` : '/products';
  const answer = await api.get<{ data: Product[] }>(path, { ...options, query });
  return answer.data;
}
