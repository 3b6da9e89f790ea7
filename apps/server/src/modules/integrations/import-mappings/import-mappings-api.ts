/*
 * The import-mappings module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { withFileColumns } from './file-column-notes';
export { type ImportField, mapImportColumns, REQUIRED_IMPORT_FIELDS, yesNo } from './import-columns';
export { type MappingFormFields, mappedOrderReader } from './order-file-mapping';
export { applyProductMapping } from './product-columns';
export { productMappingOf } from './product-file-mapping';
export { ORDER_FILE_MESSAGES, readImportSheet } from './read-import-sheet';
