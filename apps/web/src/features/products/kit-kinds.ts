import { type KitLine, PRODUCT_KINDS, type ProductKind } from '@wms/contract/kits';
import { KIND_LABELS } from '../../components/KindBadge';

/** The one line the form shows under each kind. */
export const KIND_EXPLANATIONS: Record<ProductKind, string> = {
  standard: 'Stocked, ordered and picked as itself.',
  bundle: 'No stock of its own: ordered as one product, reserved and picked as its components.',
  assembled: 'Stocked as itself; the warehouse builds it ahead of demand from its components.',
};

export const KIND_OPTIONS = PRODUCT_KINDS.map((kind) => ({
  kind,
  label: KIND_LABELS[kind],
  explanation: KIND_EXPLANATIONS[kind],
}));

/** One editable row of the components editor (quantity as typed). */
export interface ComponentRow {
  product_id: number;
  sku: string;
  name: string;
  quantity: string;
}

export const rowsFromLines = (lines: KitLine[]): ComponentRow[] =>
  lines.map((line) => ({
    product_id: line.product_id,
    sku: line.sku,
    name: line.name,
    quantity: String(line.quantity),
  }));

/**
 * The rows as PUT /products/{id}/components takes them. A quantity that is not a whole number is sent as typed
 * (NaN becomes null in JSON) so the server names the row: the editor shows the server's rule, not a second copy.
 */
export const toComponentsPayload = (rows: ComponentRow[]) => ({
  components: rows.map((row) => ({
    product_id: row.product_id,
    quantity: row.quantity.trim() === '' ? null : Number(row.quantity),
  })),
});

/**
 * The server's field errors (`components.N.product_id`, `components.N.quantity`, `components`) placed on the rows
 * they name; anything else is the editor's general message.
 */
export function rowErrors(fieldErrors: Record<string, string[]>): {
  rows: Record<number, string[]>;
  general: string[];
} {
  const rows: Record<number, string[]> = {};
  const general: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = /^components\.(\d+)(\.|$)/.exec(field);
    if (match) {
      const index = Number(match[1]);
      rows[index] = [...(rows[index] ?? []), ...messages];
    } else {
      general.push(...messages);
    }
  }
  return { rows, general };
}

/** Adds a product to the list, or one more unit per kit when it is already listed (the server refuses repeats). */
export function addComponent(rows: ComponentRow[], product: { id: number; sku: string; name: string }): ComponentRow[] {
  const existing = rows.findIndex((row) => row.product_id === product.id);
  if (existing >= 0) {
    return rows.map((row, index) =>
      index === existing ? { ...row, quantity: String((Number(row.quantity) || 0) + 1) } : row,
    );
  }
  return [...rows, { product_id: product.id, sku: product.sku, name: product.name, quantity: '1' }];
}
