import { Alert, Box, MenuItem, TextField, Typography } from '@mui/material';
import { DEFAULT_SHIP_DAYS, IMPORT_MAPPING_MESSAGES as M, WEIGHT_UNITS } from '@wms/contract/import-mappings';
import {
  type AnyMapping,
  choiceOf,
  fieldSource,
  type MappingField,
  type SourceChoice,
  sourceOf,
  unitOf,
  unmappedRequired,
} from '../lib/imports/import-mapping-form';

/** What the mapping step needs of the server's inspection of a file (orders or products): never the whole file. */
export interface InspectedFile {
  columns: { name: string; samples: string[] }[];
  row_count: number;
  preset: { name: string } | null;
  saved_mapping: { name: string } | null;
}

export interface ImportMappingStepProps {
  inspection: InspectedFile;
  /** Our fields, in the order shown (the template's columns of the import). */
  fields: readonly MappingField[];
  mapping: AnyMapping;
  onChange: (mapping: AnyMapping) => void;
  /** Choices each field offers besides the file's columns (a constant, the account, a date default). */
  specialChoices: (field: string) => SourceChoice[];
  /** The account the client works in (for "the account I work in"); null for staff without one. */
  accountName: string | null;
  /** A line under the title: how the import reads the rows (grouping, variants). */
  intro: string;
  /** "orders" or "products": labels of the constants ("Shipper for every order"). */
  noun: 'order' | 'product';
  /** Active shippers, for a constant Shipper (the order import). */
  shippers?: { id: number; name: string }[];
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
const UNIT_LABELS = { lb: 'pounds (lb)', oz: 'ounces (oz)', g: 'grams (g)', kg: 'kilograms (kg)' } as const;

/**
 * The mapping step of the order and product imports: each of our fields beside the file's column that
 * feeds it (with sample values from the file), a fixed value or a default; required fields must have one before
 * the import runs. A weight column says its unit; the mapping may be saved for the account under a name.
 */
export function ImportMappingStep(props: ImportMappingStepProps) {
  const { inspection, fields, mapping, onChange, specialChoices, accountName, intro, noun, shippers } = props;
  const { saveName, onSaveNameChange, canSave, disabled } = props;
  const missing = new Set(unmappedRequired(fields, mapping, accountName !== null));
  const samplesOf = (column: string) => inspection.columns.find((c) => c.name === column)?.samples ?? [];
  const set = (field: string, choice: SourceChoice) =>
    onChange({ ...mapping, [field]: sourceOf(choice, fieldSource(mapping, field)) });
  const setConstant = (field: string, value: string) =>
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
        {inspection.row_count} row{inspection.row_count === 1 ? '' : 's'} · {inspection.columns.length} columns. {intro}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.map(({ field, label, required }) => {
          const source = fieldSource(mapping, field);
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
                {[...specialChoices(field), ...(required ? [] : (['none'] as const))].map((special) => (
                  <MenuItem key={special} value={special} sx={{ fontStyle: 'italic' }}>
                    {SPECIAL_LABELS[special as keyof typeof SPECIAL_LABELS]}
                  </MenuItem>
                ))}
                {/* A saved mapping may name a column this file lacks: shown, so the person sees what to fix. */}
                {column && !inspection.columns.some((c) => c.name === column) && (
                  <MenuItem value={`column:${column}`}>{column} (not in this file)</MenuItem>
                )}
              </TextField>
              {field === 'weight' && column && (
                <TextField
                  select
                  fullWidth
                  size="small"
                  sx={{ mt: 1 }}
                  label={`Unit of ${column}`}
                  value={unitOf(source)}
                  disabled={disabled}
                  onChange={(e) => {
                    const unit = e.target.value as (typeof WEIGHT_UNITS)[number];
                    onChange({
                      ...mapping,
                      weight: unit === 'lb' ? { source: 'column', column } : { source: 'column', column, unit },
                    });
                  }}
                >
                  {WEIGHT_UNITS.map((unit) => (
                    <MenuItem key={unit} value={unit}>
                      {UNIT_LABELS[unit]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {source?.source === 'constant' &&
                (field === 'shipper' && shippers ? (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    sx={{ mt: 1 }}
                    label={`${label} for every ${noun}`}
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
                    label={`${label} for every ${noun}`}
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
