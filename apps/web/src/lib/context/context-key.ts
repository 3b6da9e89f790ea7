/**
 * The part of a query key that names the working context. Every list query of a feature's query-keys.ts puts it
 * in its key, so a change of the header's selection is a different query (refetched, never a stale list).
 */
export interface ContextKey {
  warehouseId: number | null;
  accountId: number | null;
}

/** What the API takes: the same ids as the key, sent explicitly so the request can never differ from the key. */
export const contextParams = (key: ContextKey): { warehouse_id?: number; account_id?: number } => ({
  warehouse_id: key.warehouseId ?? undefined,
  account_id: key.accountId ?? undefined,
});

/** For pages that ignore the header (they say 'All warehouses'): one constant key part. */
export const ALL_CONTEXT: ContextKey = { warehouseId: null, accountId: null };

/** Only the ids: a working context (with its objects and functions) reduced to its key part. */
export const contextKeyOf = ({ warehouseId, accountId }: ContextKey): ContextKey => ({ warehouseId, accountId });
