/** What the handheld needs of one pick task, whatever the wire shape: the screen's own view of it. */
export interface PickTaskView {
  id: number;
  locationCode: string;
  sku: string;
  productName: string;
  barcode: string | null;
  /** The allocated lot; null for a product kept without lots. */
  lotCode: string | null;
  lotExpiry: string | null;
  /** Other lots of the product in the same location with equal or later expiry, where substitution is allowed. */
  substituteLots: string[];
  /** Units still to take. */
  quantity: number;
  /** Which order (and in cluster mode which tote) gets how many of the units. */
  breakdown: { orderId: number; orderLabel: string; quantity: number; tote: string | null }[];
}

export type PickStep = 'location' | 'product' | 'lot' | 'quantity' | 'tote';

/** The steps of a task in order: the lot only where the task has one, the totes only in cluster mode. */
export function pickSteps(task: Pick<PickTaskView, 'lotCode'>, cluster: boolean): PickStep[] {
  return [
    'location',
    'product',
    ...(task.lotCode ? (['lot'] as const) : []),
    'quantity',
    ...(cluster ? (['tote'] as const) : []),
  ];
}
