import type { ImportPresetId, ProductMapping } from '@wms/contract/import-mappings';
import { looseName } from './column-names';

/**
 * The product exports of the shops clients already use, recognised from their header. `signature`
 * columns must all be present; `mapping` names columns as the shop writes them (matched loosely against the file).
 */
interface ProductPreset {
  id: ImportPresetId;
  name: string;
  signature: string[];
  mapping: ProductMapping;
}

export const PRODUCT_PRESETS: ProductPreset[] = [
  {
    // Shopify admin → Products → Export (CSV): one row per variant, rows of a product share its Handle; Title,
    // Image Src and the other product fields only on the product's first row; extra images on rows of their own.
    id: 'shopify_products',
    name: 'Shopify products export',
    signature: ['Handle', 'Title', 'Variant SKU', 'Variant Price'],
    mapping: {
      variant_group: { source: 'column', column: 'Handle' },
      sku: { source: 'column', column: 'Variant SKU' },
      name: { source: 'column', column: 'Title' },
      photo_url: { source: 'column', column: 'Image Src' },
      // Shopify keeps every variant's weight in grams, whatever unit the shop displays.
      weight: { source: 'column', column: 'Variant Grams', unit: 'g' },
      barcode: { source: 'column', column: 'Variant Barcode' },
      // A variant's option values name it apart from its siblings ("Merino Trail Socks — M").
      variant_options: { source: 'columns', columns: ['Option1 Value', 'Option2 Value', 'Option3 Value'] },
    },
  },
  {
    // Seller Central → Reports → Inventory → All Listings Report (tab-separated .txt), one row per listing. Its
    // product-id is most often the ASIN (product-id-type 1), not the barcode on the unit, so Barcode is left to
    // the person (a saved mapping keeps their choice).
    id: 'amazon_listings',
    name: 'Amazon listings report',
    signature: ['seller-sku', 'item-name', 'product-id', 'quantity'],
    mapping: {
      sku: { source: 'column', column: 'seller-sku' },
      name: { source: 'column', column: 'item-name' },
      photo_url: { source: 'column', column: 'image-url' },
    },
  },
];

/** The preset whose signature columns the file has, its columns renamed to the file's spelling (absent ones dropped). */
export function recogniseProductPreset(
  columns: readonly string[],
): { preset: ProductPreset; mapping: ProductMapping } | null {
  const byLoose = new Map(columns.map((name) => [looseName(name), name]));
  const preset = PRODUCT_PRESETS.find((p) => p.signature.every((column) => byLoose.has(looseName(column))));
  if (!preset) return null;
  const mapping: ProductMapping = {};
  for (const [field, source] of Object.entries(preset.mapping) as [
    keyof ProductMapping,
    ProductMapping[keyof ProductMapping],
  ][]) {
    if (source?.source !== 'column') continue;
    const column = byLoose.get(looseName(source.column));
    if (column) Object.assign(mapping, { [field]: { ...source, column } });
  }
  const options = preset.mapping.variant_options?.columns.flatMap((name) => byLoose.get(looseName(name)) ?? []);
  if (options && options.length > 0) mapping.variant_options = { source: 'columns', columns: options };
  return { preset, mapping };
}
