import type { PickingMode, WaveCreateInput } from '@wms/contract/waves';

/**
 * The wave builder's form as typed (numbers still text, '' for "any"), and the filters it sends to the preview and
 * the release. One conversion, so the preview shows exactly what the release will take.
 */
export interface WaveBuilderValues {
  account_ids: number[];
  shipper_ids: number[];
  /** Ship date up to (inclusive), YYYY-MM-DD; '' for any date. */
  ship_date_to: string;
  /** Order status ids. */
  status_ids: number[];
  item_count: '' | 'single' | 'multi';
  priority: '' | 'urgent' | 'normal';
  /** "Release the next N" orders. */
  limit: string;
  max_lines: string;
  max_units: string;
  mode: PickingMode;
}

export const EMPTY_BUILDER: WaveBuilderValues = {
  account_ids: [],
  shipper_ids: [],
  ship_date_to: '',
  status_ids: [],
  item_count: '',
  priority: '',
  limit: '',
  max_lines: '',
  max_units: '',
  mode: 'discrete',
};

/** A positive whole number typed in a field, or undefined when the field is empty or not one. */
export function positiveWhole(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The builder's fields that hold something that is not a positive whole number. */
export function invalidNumbers(values: WaveBuilderValues): (keyof WaveBuilderValues)[] {
  return (['limit', 'max_lines', 'max_units'] as const).filter(
    (field) => values[field].trim() !== '' && positiveWhole(values[field]) === undefined,
  );
}

/** The release body (POST /api/waves) of the builder's values: empty fields are no filter. */
export function toReleaseInput(warehouseId: number, values: WaveBuilderValues): WaveCreateInput {
  const some = (ids: number[]) => (ids.length > 0 ? ids : undefined);
  return {
    warehouse_id: warehouseId,
    mode: values.mode,
    account_ids: some(values.account_ids),
    shipper_ids: some(values.shipper_ids),
    status_ids: some(values.status_ids),
    ship_date_to: values.ship_date_to || undefined,
    item_count: values.item_count || undefined,
    priority: values.priority || undefined,
    limit: positiveWhole(values.limit),
    max_lines: positiveWhole(values.max_lines),
    max_units: positiveWhole(values.max_units),
  };
}

/** The same filters as the preview's query (GET /api/waves/preview): id lists comma-separated. */
export function toPreviewQuery(input: WaveCreateInput): Record<string, string | number | undefined> {
  const list = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);
  return {
    warehouse_id: input.warehouse_id,
    mode: input.mode,
    account_ids: list(input.account_ids),
    shipper_ids: list(input.shipper_ids),
    status_ids: list(input.status_ids),
    ship_date_to: input.ship_date_to,
    item_count: input.item_count,
    priority: input.priority,
    limit: input.limit,
    max_lines: input.max_lines,
    max_units: input.max_units,
  };
}
