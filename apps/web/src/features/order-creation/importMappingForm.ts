import { DEFAULT_SHIP_DAYS, type FieldSource, type OrderMapping } from '@wms/contract/import-mappings';
import { ORDER_IMPORT_COLUMNS, type OrderImportField } from '@wms/contract/order-imports';

/**
 * The mapping step's choice for one field, as the value of one select: a column of the file (`column:Name`), a
 * constant typed beside it, the account the client works in, the ship date default, or nothing (optional fields).
 */
export type SourceChoice = `column:${string}` | 'constant' | 'current_account' | 'days_from_today' | 'none';

export const choiceOf = (source: FieldSource | undefined): SourceChoice => {
  if (!source) return 'none';
  if (source.source === 'column') return `column:${source.column}`;
  return source.source;
};

/** The source a choice stands for; a constant keeps the value typed so far. */
export function sourceOf(choice: SourceChoice, previous: FieldSource | undefined): FieldSource | undefined {
  if (choice.startsWith('column:')) return { source: 'column', column: choice.slice('column:'.length) };
  if (choice === 'constant')
    return { source: 'constant', value: previous?.source === 'constant' ? previous.value : '' };
  if (choice === 'current_account') return { source: 'current_account' };
  if (choice === 'days_from_today') return { source: 'days_from_today', days: DEFAULT_SHIP_DAYS };
  return undefined;
}

/** Special choices each field offers besides the file's columns. */
export const specialChoices = (field: OrderImportField, canUseAccount: boolean): SourceChoice[] => [
  'constant',
  ...(field === 'account_name' && canUseAccount ? (['current_account'] as const) : []),
  ...(field === 'ship_date' ? (['days_from_today'] as const) : []),
];

/** Required fields the mapping leaves without a value (the import is not offered until there are none). */
export function unmappedRequired(mapping: OrderMapping, canUseAccount: boolean): OrderImportField[] {
  return ORDER_IMPORT_COLUMNS.filter((c) => {
    if (!c.required) return false;
    const source = mapping[c.field];
    if (!source) return true;
    if (source.source === 'constant') return source.value.trim() === '';
    if (source.source === 'current_account') return !canUseAccount;
    return false;
  }).map((c) => c.field);
}
