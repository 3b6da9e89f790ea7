import { Alert, Dialog, DialogContent, DialogTitle, Grid, TextField } from '@mui/material';
import type { CartonType } from '@wms/contract/packing';
import { type FormEvent, useState } from 'react';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { formErrors } from '../form-errors';
import { type CartonTypeBody, useSaveCartonType } from '../setup-api';

const FIELDS = [
  ['length_mm', 'Inner length (mm)'],
  ['width_mm', 'Inner width (mm)'],
  ['height_mm', 'Inner height (mm)'],
  ['tare_weight_g', 'Tare weight (g)'],
] as const;

type NumberField = (typeof FIELDS)[number][0];

/** Adds or edits one carton type of the warehouse: name, inner dimensions and the empty carton's weight. */
export function CartonTypeDialog({
  warehouseId,
  type,
  onClose,
}: {
  warehouseId: number;
  type: CartonType | null;
  onClose: () => void;
}) {
  const save = useSaveCartonType(warehouseId);
  const [name, setName] = useState(type?.name ?? '');
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    length_mm: String(type?.length_mm ?? ''),
    width_mm: String(type?.width_mm ?? ''),
    height_mm: String(type?.height_mm ?? ''),
    tare_weight_g: String(type?.tare_weight_g ?? ''),
  });
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({
    fields: {},
    form: null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CartonTypeBody = {
      name: name.trim(),
      length_mm: Number(numbers.length_mm),
      width_mm: Number(numbers.width_mm),
      height_mm: Number(numbers.height_mm),
      tare_weight_g: Number(numbers.tare_weight_g),
    };
    save.mutate(
      { id: type?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => setErrors(formErrors(error, ['name', ...FIELDS.map(([field]) => field)])),
      },
    );
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{type ? `Edit ${type.name}` : 'Add carton type'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>
              <TextField
                label="Name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                fullWidth
                autoFocus
                required
                error={Boolean(errors.fields.name)}
                helperText={errors.fields.name}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </Grid>
            {FIELDS.map(([field, label]) => (
              <Grid key={field} size={{ xs: 6, sm: 3 }}>
                <TextField
                  label={label}
                  value={numbers[field]}
                  onChange={(event) =>
                    setNumbers((held) => ({ ...held, [field]: event.target.value.replace(/\D/g, '') }))
                  }
                  fullWidth
                  required
                  error={Boolean(errors.fields[field])}
                  helperText={errors.fields[field]}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                />
              </Grid>
            ))}
            {errors.form && (
              <Grid size={12}>
                <Alert severity="error">{errors.form}</Alert>
              </Grid>
            )}
          </Grid>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitting={save.isPending}
          submitLabel={type ? 'Save Changes' : 'Add carton type'}
        />
      </form>
    </Dialog>
  );
}
