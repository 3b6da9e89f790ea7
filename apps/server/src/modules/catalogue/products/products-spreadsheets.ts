import { EXPORT_MAX_ROWS, PRODUCT_IMPORT_COLUMNS, type Product } from '@wms/contract/products';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { fileTimestamp, type SheetFile, type SheetFormat, writeSheet } from '../../../spreadsheets/write-sheet';
import { componentCellsOf } from './kit-components-repository';
import { listProductsForExport, type ProductFilter } from './products-repository';

/** GET /products/template: the import columns and one example row. */
export function productTemplate(): SheetFile {
  const example = [
    'SKU-1001',
    'Stainless Steel Water Bottle 750ml',
    'https://example.com/images/bottle.jpg',
    'https://example.com/products/bottle',
    '10x5x3 cm',
    1.25,
    // Text, not a number: a spreadsheet would drop a UPC's leading zero.
    '0012345678905',
    // Kind: standard, bundle or assembled (blank is standard); Components: a kit's SKU:quantity;… (blank: none).
    'standard',
    '',
  ];
  return writeSheet('xlsx', 'Products', PRODUCT_IMPORT_COLUMNS, [example], `products_template_${fileTimestamp()}`);
}

const EXPORT_HEADER = [
  'ID',
  'SKU',
  'Product Name',
  'Photo URL',
  'Product Link',
  'Dimension',
  'Weight (lbs)',
  'Barcode',
  'Track Lots',
  'Track Expiry',
  'Kind',
  'Components',
  'Account',
  'Created At',
];

const exportRow = (p: Product, components: Map<number, string>) => [
  p.id,
  p.sku,
  p.name,
  p.photo_url,
  p.link,
  p.dimension,
  p.weight,
  p.barcode,
  p.track_lots ? 'yes' : 'no',
  p.track_expiry ? 'yes' : 'no',
  p.kind,
  components.get(p.id) ?? '',
  p.account?.name ?? 'N/A',
  p.created_at,
];

/** The current list (same filters and scope), every row up to EXPORT_MAX_ROWS. */
export async function exportProducts(
  db: Executor,
  scope: Scope,
  filter: ProductFilter,
  format: SheetFormat,
): Promise<SheetFile> {
  const rows = await listProductsForExport(db, scope, filter, EXPORT_MAX_ROWS);
  // The export reads back as an import: kits carry their components in one cell (one query for all of them).
  const components = await componentCellsOf(
    db,
    rows.filter((p) => p.kind !== 'standard').map((p) => p.id),
  );
  const sheetRows = rows.map((p) => exportRow(p, components));
  return writeSheet(format, 'Products', EXPORT_HEADER, sheetRows, `products_${fileTimestamp()}`);
}
