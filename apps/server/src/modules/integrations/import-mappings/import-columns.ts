/** The product fields an import can fill, and the header texts that name each (case, spaces and punctuation ignored). */
export const IMPORT_FIELDS = {
  sku: ['sku', 'productsku', 'itemsku'],
  name: ['productname', 'name', 'title', 'product'],
  photo_url: ['photourl', 'photo', 'image', 'imageurl', 'photolink'],
  link: ['productlink', 'link', 'url', 'producturl'],
  dimension: ['dimension', 'dimensions', 'size'],
  weight: ['weightlbs', 'weightlb', 'weight', 'weightpounds'],
  // Optional: a file without it leaves stored barcodes as they are.
  barcode: ['barcode', 'upc', 'ean', 'gtin', 'upcean'],
  // Optional: yes/no; a file without the column leaves the stored choice (new products: no).
  track_lots: ['tracklots', 'lottracked', 'lots'],
  track_expiry: ['trackexpiry', 'expirytracked', 'expiry'],
  // Optional: standard, bundle or assembled; a file without it leaves the stored kind (new products: standard).
  kind: ['kind', 'productkind'],
  // Optional: a kit's components as SKU:quantity;… ; a file without it leaves the stored components.
  components: ['components', 'kitcomponents'],
} as const;

/** A yes/no cell of the track columns: undefined when it reads as neither. */
export function yesNo(cell: string): boolean | undefined {
  const text = cell.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x'].includes(text)) return true;
  if (['', 'no', 'n', 'false', '0'].includes(text)) return false;
  return undefined;
}

export type ImportField = keyof typeof IMPORT_FIELDS;
export const REQUIRED_IMPORT_FIELDS: { field: ImportField; label: string }[] = [
  { field: 'sku', label: 'SKU' },
  { field: 'name', label: 'Product Name' },
];

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Column index of each field found in the header row (first matching column wins). */
export function mapImportColumns(header: string[]): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  const normalised = header.map(normalise);
  for (const [field, aliases] of Object.entries(IMPORT_FIELDS) as [ImportField, readonly string[]][]) {
    const index = normalised.findIndex((h) => aliases.includes(h));
    if (index >= 0) columns[field] = index;
  }
  return columns;
}
