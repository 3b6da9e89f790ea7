/**
 * The wave builder's form as typed (numbers still text, '' for "any"), and the filters it sends to the preview and
 * the release. One conversion, so the preview shows exactly what the release will take.
 */
export interface WaveBuilderValues {
  account_ids: number[];
  shipper_ids: number[];
  /** Ship date up to (inclusive), YYYY-MM-DD; '' for any date. */
  ship_date_to: string;
  statuses: string[];
  item_count: '' | 'single' | 'multi';
  priority: '' | 'urgent' | 'normal';
  /** "Release the next N" orders. */
  limit: string;
  max_lines: string;
  max_units: string;
  mode: 'discrete' | 'batch' | 'cluster';
}

export const EMPTY_BUILDER: WaveBuilderValues = {
  account_ids: [],
  shipper_ids: [],
  ship_date_to: '',
  statuses: [],
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
