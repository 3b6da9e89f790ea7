import { Alert, Box, MenuItem, TextField, Typography } from '@mui/material';
import {
  DEFAULT_SHIP_DAYS,
  type ImportInspection,
  IMPORT_MAPPING_MESSAGES as M,
  type OrderMapping,
} from '@wms/contract/import-mappings';
import type { OrderShipper } from '@wms/contract/order-creation';
import { ORDER_IMPORT_COLUMNS, type OrderImportField } from '@wms/contract/order-imports';
import { choiceOf, type SourceChoice, sourceOf, specialChoices, unmappedRequired } from '../importMappingForm';

export interface ImportMappingStepProps {
  inspection: ImportInspection;
  mapping: OrderMapping;
  onChange: (mapping: OrderMapping) => void;
  shippers: OrderShipper[];
  /** The account the client works in (for "the account I work in"); null for staff without one. */
  accountName: string | null;
  saveName: string;
  onSaveNameChange: (name: string) => void;
  /** Saving needs an account to keep the mapping with. */
  canSave: boolean;
  disabled?: boolean;
}

const SPECIAL_LABELS: Record<Exclude<SourceChoice, `column:${string}`>, string> = {
  constant: 'A fixed value…',
  current_account: 'The account I work in',
  days_from_today: `Today + ${DEFAULT_SHIP_DAYS} days`,
  none: 'Leave empty',
};

/**
 * The mapping step of the order import (issue 26): each of our fields beside the file's column that feeds it (with
 * sample values from the file), a fixed value or a default; required fields must have one before the import runs.
 */
export function ImportMappingStep(props: ImportMappingStepProps) {
  const { inspection, mapping, onChange, shippers, accountName, saveName, onSaveNameChange, canSave, disabled } = props;
  const missing = new Set(unmappedRequired(mapping, accountName !== null));
  const samplesOf = (column: string) => inspection.columns.find((c) => c.name === column)?.samples ?? [];
  const set = (field: OrderImportField, choice: SourceChoice) =>
    onChange({ ...mapping, [field]: sourceOf(choice, mapping[field]) });
  const setConstant = (field: OrderImportField, value: string) =>
    onChange({ ...mapping, [field]: { source: 'constant', value } });

  return (
    <Box component="section" aria-labelledby="import-mapping-title" sx={{ mt: 2 }}>
      <Typography id="import-mapping-title" variant="subtitle1" component="h3" gutterBottom>
        {M.mapStepTitle}
      </Typography>
      {inspection.saved_mapping ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {M.savedRecognised(inspection.saved_mapping.name)}
        </Alert>
      ) : inspection.preset ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {M.presetRecognised(inspection.preset.name)}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {inspection.row_count} row{inspection.row_count === 1 ? '' : 's'} · {inspection.columns.length} columns. Rows
        with the same order id form one order; an order’s details are taken from its first row.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {ORDER_IMPORT_COLUMNS.map(({ field, label, required }) => {
          const source = mapping[field];
          const choice = choiceOf(source);
          const column = source?.source === 'column' ? source.column : null;
          const samples = column ? samplesOf(column) : [];
          const error = missing.has(field);
          return (
            <Box key={field}>
              <TextField
                select
                fullWidth
                size="small"
                label={label}
                required={required}
                value={choice}
                disabled={disabled}
                onChange={(e) => set(field, e.target.value as SourceChoice)}
                error={error}
                helperText={
                  error
                    ? M.fieldRequired(label)
                    : column
                      ? samples.length > 0
                        ? `e.g. ${samples.join(', ')}`
                        : 'Empty in the first rows'
                      : choice === 'current_account'
                        ? accountName
                        : undefined
                }
              >
                {inspection.columns.map((c) => (
                  <MenuItem key={c.name} value={`column:${c.name}`}>
                    {c.name}
                  </MenuItem>
                ))}
                {[...specialChoices(field, accountName !== null), ...(required ? [] : (['none'] as const))].map(
                  (special) => (
                    <MenuItem key={special} value={special} sx={{ fontStyle: 'italic' }}>
                      {SPECIAL_LABELS[special as keyof typeof SPECIAL_LABELS]}
                    </MenuItem>
                  ),
                )}
                {/* A saved mapping may name a column this file lacks: shown, so the person sees what to fix. */}
                {column && !inspection.columns.some((c) => c.name === column) && (
                  <MenuItem value={`column:${column}`}>{column} (not in this file)</MenuItem>
                )}
              </TextField>
              {source?.source === 'constant' &&
                (field === 'shipper' ? (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    sx={{ mt: 1 }}
                    label={`${label} for every order`}
                    value={source.value}
                    disabled={disabled}
                    onChange={(e) => setConstant(field, e.target.value)}
                  >
                    {shippers.map((s) => (
                      <MenuItem key={s.id} value={s.name}>
                        {s.name}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <TextField
                    fullWidth
                    size="small"
                    sx={{ mt: 1 }}
                    label={`${label} for every order`}
                    type={field === 'ship_date' ? 'date' : 'text'}
                    value={source.value}
                    disabled={disabled}
                    onChange={(e) => setConstant(field, e.target.value)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 255 } }}
                  />
                ))}
            </Box>
          );
        })}
      </Box>
      {canSave && (
        <TextField
          fullWidth
          size="small"
          sx={{ mt: 2 }}
          label="Save this mapping as (optional)"
          value={saveName}
          disabled={disabled}
          onChange={(e) => onSaveNameChange(e.target.value)}
          helperText="Saved for your account: the next file with these columns gets it automatically."
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
      )}
    </Box>
  );
}
