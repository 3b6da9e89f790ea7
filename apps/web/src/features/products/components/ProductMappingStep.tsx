import { Box, MenuItem, TextField, Typography } from '@mui/material';
import {
  IMPORT_MAPPING_MESSAGES as M,
  PRODUCT_MAPPING_FIELDS,
  type ProductImportInspection,
  type ProductMapping,
} from '@wms/contract/import-mappings';

const NONE = '';

/** Required product fields the mapping leaves without a column. */
export const unmappedProductFields = (mapping: ProductMapping) =>
  PRODUCT_MAPPING_FIELDS.filter((f) => f.required && !mapping[f.field]).map((f) => f.field);

/**
 * The product import's mapping step (issue 26): shown when the file's header is not one the import knows (a shop's
 * export); each product field takes a column of the file, with sample values under it.
 */
export function ProductMappingStep({
  inspection,
  mapping,
  onChange,
  disabled,
}: {
  inspection: ProductImportInspection;
  mapping: ProductMapping;
  onChange: (mapping: ProductMapping) => void;
  disabled?: boolean;
}) {
  const missing = new Set<string>(unmappedProductFields(mapping));
  return (
    <Box component="section" aria-labelledby="product-mapping-title">
      <Typography id="product-mapping-title" variant="subtitle1" component="h3" gutterBottom>
        {M.mapStepTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The file’s header is not our template’s: choose which column holds each field ({inspection.row_count} rows).
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {PRODUCT_MAPPING_FIELDS.map(({ field, label, required }) => {
          const column = mapping[field]?.column ?? NONE;
          const samples = inspection.columns.find((c) => c.name === column)?.samples ?? [];
          return (
            <TextField
              key={field}
              select
              fullWidth
              size="small"
              label={label}
              required={required}
              value={column}
              disabled={disabled}
              error={missing.has(field)}
              helperText={
                missing.has(field) ? M.fieldRequired(label) : samples.length > 0 ? `e.g. ${samples.join(', ')}` : ' '
              }
              onChange={(e) =>
                onChange({
                  ...mapping,
                  [field]: e.target.value === NONE ? undefined : { source: 'column', column: e.target.value },
                })
              }
            >
              {!required && (
                <MenuItem value={NONE} sx={{ fontStyle: 'italic' }}>
                  Leave empty
                </MenuItem>
              )}
              {inspection.columns.map((c) => (
                <MenuItem key={c.name} value={c.name}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
    </Box>
  );
}
