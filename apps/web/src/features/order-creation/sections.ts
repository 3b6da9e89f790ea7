import { DRAFT_MESSAGES, type Draft, type DraftData, type DraftLabelFile } from '@wms/contract/drafts';
import type { ProductKind } from '@wms/contract/kits';
import type { AvailableInventoryRow, BulkCreateOrdersInput } from '@wms/contract/order-creation';
import type { OrderFormValues } from '@wms/contract/order-form';
import type { LabelType } from '@wms/contract/orders';

/** The state of one order section of /orders/create (spec §2, §3 Create-order form). */
export interface SectionProduct {
  product_id: number;
  name: string;
  sku: string;
  quantity: number;
  quantity_available: number;
  weight: number | null;
  photo_url: string;
  /** standard, bundle or assembled (absent in drafts saved before kits: standard). */
  kind?: ProductKind;
}

export interface LabelEntry {
  key: string;
  /** A PDF chosen on this screen, not stored anywhere yet. */
  file: File | null;
  /** The PDF kept with the saved draft (replaced when another file is chosen). */
  stored: DraftLabelFile | null;
  label_name: string;
  label_type: LabelType;
  tracking_number: string;
  carrier: string;
}

/**
 * The create form's fields of one order (§3): the contract's order form as typed. The section has no warehouse of its
 * own: the navbar's applies to every section (sent as each order's warehouse_id, and as the draft's).
 */
export type OrderForm = Omit<OrderFormValues, 'warehouse_id'>;

/** One order section: its fields, labels and chosen products (a react-hook-form field array item). */
export interface Section extends OrderForm {
  labels: LabelEntry[];
  products: SectionProduct[];
}

let counter = 0;
export const newKey = (prefix: string) => `${prefix}-${++counter}`;

export const newSection = (accountId: number | null): Section => ({
  account_id: accountId,
  shipper_id: null,
  customer_name: '',
  ship_date: '',
  order_id: '',
  notes: '',
  priority: 'normal',
  labels: [],
  products: [],
});

export const newLabel = (): LabelEntry => ({
  key: newKey('label'),
  file: null,
  stored: null,
  label_name: '',
  label_type: 'shipping',
  tracking_number: '',
  carrier: '',
});

const formOf = (s: Section): OrderForm => ({
  account_id: s.account_id,
  shipper_id: s.shipper_id,
  customer_name: s.customer_name,
  ship_date: s.ship_date,
  order_id: s.order_id,
  notes: s.notes,
  priority: s.priority,
});

export const productFromRow = (row: AvailableInventoryRow): SectionProduct => ({
  product_id: row.product_id,
  name: row.name,
  sku: row.sku,
  quantity: 1,
  quantity_available: row.quantity_available,
  weight: row.weight,
  photo_url: row.photo_url ?? '',
  kind: row.kind,
});

/**
 * A search row's availability: a bundle has no stock of its own, its figure is how many whole bundles its
 * components' available stock makes (the server's min over components of ⌊available ÷ units per bundle⌋).
 */
export const availableText = (row: Pick<AvailableInventoryRow, 'kind' | 'quantity_available'>) =>
  row.kind === 'bundle'
    ? `${row.quantity_available} available (from its components)`
    : `${row.quantity_available} available`;

/** Totals of the overall summary: orders (with products), products, units, weight (lbs). */
export function summarise(sections: readonly Section[]) {
  const withProducts = sections.filter((s) => s.products.length > 0);
  return {
    orders: withProducts.length,
    products: withProducts.reduce((sum, s) => sum + s.products.length, 0),
    units: withProducts.reduce((sum, s) => sum + s.products.reduce((u, p) => u + (p.quantity || 0), 0), 0),
    weight: withProducts.reduce(
      (sum, s) => sum + s.products.reduce((w, p) => w + (p.weight ?? 0) * (p.quantity || 0), 0),
      0,
    ),
  };
}

const validQuantity = (q: number) => Number.isInteger(q) && q >= 1;

/**
 * Spec §5: the create button is enabled only when a warehouse is chosen, some order has products, and every order
 * with products has an account and only quantities above 0.
 */
export function canCreate(sections: readonly Section[], warehouseId: number | null): boolean {
  const withProducts = sections.filter((s) => s.products.length > 0);
  return (
    warehouseId !== null &&
    withProducts.length > 0 &&
    withProducts.every((s) => s.account_id !== null && s.products.every((p) => validQuantity(p.quantity)))
  );
}

/** A label row must bring its PDF (a new file or the draft's): the first one that does not, named for the person. */
export function labelWithoutFile(sections: readonly Section[]): string | null {
  for (const [i, s] of sections.entries()) {
    if (s.products.length === 0) continue;
    const j = s.labels.findIndex((l) => !l.file && !l.stored);
    if (j >= 0) return DRAFT_MESSAGES.labelWithoutFile(i + 1, j + 1);
  }
  return null;
}

/** The sections with products, in order, as POST /orders/bulk's body (their screen indexes kept to map answers back). */
export function toBulkBody(sections: readonly Section[], warehouseId: number) {
  const sentIndexes = sections.flatMap((s, i) => (s.products.length > 0 ? [i] : []));
  const sent = sentIndexes.map((i) => sections[i]!);
  const body: BulkCreateOrdersInput = {
    warehouse_id: warehouseId,
    account_id: null,
    orders: sent.map((s) => ({
      account_id: s.account_id ?? 0,
      warehouse_id: warehouseId,
      shipper_id: s.shipper_id,
      customer_name: s.customer_name.trim(),
      ship_date: s.ship_date,
      order_id: s.order_id.trim(),
      notes: s.notes.trim() || null,
      priority: s.priority ?? 'normal',
      products: s.products.map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
    })),
  };
  return { body, sentIndexes };
}

/**
 * Server field paths (orders.1.customer_name, counting the sent orders) → the form's paths (orders.3.customer_name,
 * counting the screen's sections), using the screen index of each sent order. Paths of no sent order are dropped.
 */
export function mapServerErrors(errors: Record<string, string[]>, sentIndexes: readonly number[]) {
  const mapped: [path: `orders.${number}.${string}`, message: string][] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^orders\.(\d+)\.(.+)$/.exec(path);
    const index = match ? sentIndexes[Number(match[1])] : undefined;
    if (index !== undefined && match) mapped.push([`orders.${index}.${match[2]}`, messages[0] ?? '']);
  }
  return mapped;
}

export function toDraftData(sections: readonly Section[]): DraftData {
  return {
    orders: sections.map((s) => ({
      form: { ...formOf(s), warehouse_id: null },
      label_forms: s.labels.map((l) => ({
        label_name: l.label_name,
        label_type: l.label_type,
        tracking_number: l.tracking_number,
        carrier: l.carrier,
        // A newly chosen file replaces the stored one once it is uploaded (see saveDraftWithFiles).
        file_id: l.file ? null : (l.stored?.id ?? null),
      })),
      selected_products: s.products.map((p) => ({ ...p })),
      available_inventory: [],
    })),
  };
}

export function fromDraftData(data: Draft['draft_data']): Section[] {
  const sections = data.orders.map((o) => ({
    account_id: o.form.account_id,
    shipper_id: o.form.shipper_id,
    customer_name: o.form.customer_name ?? '',
    ship_date: o.form.ship_date ?? '',
    order_id: o.form.order_id ?? '',
    notes: o.form.notes ?? '',
    priority: o.form.priority ?? 'normal',
    labels: o.label_forms.map((l) => ({
      key: newKey('label'),
      file: null,
      stored: l.file,
      label_name: l.label_name ?? '',
      label_type: l.label_type,
      tracking_number: l.tracking_number ?? '',
      carrier: l.carrier ?? '',
    })),
    products: o.selected_products.map((p) => ({
      product_id: p.product_id,
      name: p.name ?? '',
      sku: p.sku ?? '',
      quantity: p.quantity,
      quantity_available: p.quantity_available,
      weight: p.weight ?? null,
      photo_url: p.photo_url ?? '',
    })),
  }));
  return sections.length > 0 ? sections : [newSection(null)];
}

/** The draft's account: the first section's (a draft belongs to one account and warehouse). */
export const draftAccountOf = (sections: readonly Section[]) =>
  sections.find((s) => s.account_id !== null)?.account_id ?? null;
