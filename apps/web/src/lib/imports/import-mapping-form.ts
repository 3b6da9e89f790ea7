import {
  DEFAULT_SHIP_DAYS,
  type FieldSource,
  type ProductFieldSource,
  type ProductMapping,
  type WeightUnit,
} from '@wms/contract/import-mappings';

/** Where one field of an import comes from: an order mapping's source or a product mapping's. */
export type MappingSource = FieldSource | ProductFieldSource;
/** How the product mapping names variants (Shopify's option value columns): kept as suggested, not a field. */
type VariantOptions = NonNullable<ProductMapping['variant_options']>;
/** A mapping of either import, field → source (a field left out is empty). */
export type AnyMapping = Partial<Record<string, MappingSource | VariantOptions>>;
/** The source of one of our fields in a mapping (the variant options ride along and are not a field). */
export const fieldSource = (mapping: AnyMapping, field: string): MappingSource | undefined => {
  const source = mapping[field];
  return source?.source === 'columns' ? undefined : source;
};
/** One of our fields in the mapping step. */
export interface MappingField {
  field: string;
  label: string;
  required: boolean;
}

/**
 * The mapping step's choice for one field, as the value of one select: a column of the file (`column:Name`), a
 * constant typed beside it, the account the client works in, the ship date default, or nothing (optional fields).
 */
export type SourceChoice = `column:${string}` | 'constant' | 'current_account' | 'days_from_today' | 'none';

export const choiceOf = (source: MappingSource | undefined): SourceChoice => {
  if (!source) return 'none';
  if (source.source === 'column') return `column:${source.column}`;
  return source.source;
};

/** The source a choice stands for; a constant keeps the value typed so far, a column keeps its unit (weight). */
export function sourceOf(choice: SourceChoice, previous: MappingSource | undefined): MappingSource | undefined {
  if (choice.startsWith('column:')) {
    const column = choice.slice('column:'.length);
    const unit = previous?.source === 'column' && 'unit' in previous ? previous.unit : undefined;
    return unit ? { source: 'column', column, unit } : { source: 'column', column };
  }
  if (choice === 'constant')
    return { source: 'constant', value: previous?.source === 'constant' ? previous.value : '' };
  if (choice === 'current_account') return { source: 'current_account' };
  if (choice === 'days_from_today') return { source: 'days_from_today', days: DEFAULT_SHIP_DAYS };
  return undefined;
}

/** Special choices an order field offers besides the file's columns. */
export const orderSpecialChoices =
  (canUseAccount: boolean) =>
  (field: string): SourceChoice[] => [
    'constant',
    ...(field === 'account_name' && canUseAccount ? (['current_account'] as const) : []),
    ...(field === 'ship_date' ? (['days_from_today'] as const) : []),
  ];

/** A product's own SKU and name come from the file; the other fields may take one value for every row. */
export const productSpecialChoices = (field: string): SourceChoice[] =>
  field === 'sku' || field === 'name' ? [] : ['constant'];

/** Required fields the mapping leaves without a value (the import is not offered until there are none). */
export function unmappedRequired(
  fields: readonly MappingField[],
  mapping: AnyMapping,
  canUseAccount: boolean,
): string[] {
  return fields
    .filter((c) => {
      if (!c.required) return false;
      const source = mapping[c.field];
      if (!source) return true;
      if (source.source === 'constant') return source.value.trim() === '';
      if (source.source === 'current_account') return !canUseAccount;
      return false;
    })
    .map((c) => c.field);
}

/** The unit of a weight column, or pounds. */
export const unitOf = (source: MappingSource | undefined): WeightUnit =>
  source?.source === 'column' && 'unit' in source && source.unit ? source.unit : 'lb';
