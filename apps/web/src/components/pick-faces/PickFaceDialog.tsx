import { Alert, Dialog, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import type { PickFace, PickFaceInput } from '@wms/contract/replenishment';
import { useState } from 'react';
import { HttpError } from '../../lib/api/api-error';
import { failureMessage } from '../../lib/api/failure-message';
import { notifySuccess } from '../../lib/notify';
import { FormDialogActions } from '../FormDialogActions';
import { type LocationChoice, LocationPicker } from '../LocationPicker';
import { entryErrors, type PickFaceField, withFace } from './pick-face-edits';
import { useSavePickFaces } from './pick-faces-api';

interface PickFaceDialogProps {
  inventoryId: number;
  warehouseId: number;
  /** The row's faces as held: the save replaces the whole list. */
  faces: readonly PickFace[];
  /** The face being edited, or null to add one. */
  face: PickFace | null;
  /** A location's stock screen sets the face of its own location: the location is fixed there. */
  fixedLocation?: LocationChoice;
  title?: string;
  onClose: () => void;
}

/** A typed number as sent: blank stays null, so the server's own message ("Min must be…") names the field. */
const numberOrNull = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed));

/**
 * Add or edit one pick face of an inventory row: its pick location, min, max and increment. The server judges
 * the numbers and the location (a pick location of the row's warehouse, each once) and its refusals show on the
 * fields; a face with a live task answers 409, shown as an alert.
 */
export function PickFaceDialog({
  inventoryId,
  warehouseId,
  faces,
  face,
  fixedLocation,
  title,
  onClose,
}: PickFaceDialogProps) {
  const save = useSavePickFaces(inventoryId);
  const [location, setLocation] = useState<LocationChoice | null>(face?.location ?? fixedLocation ?? null);
  const [values, setValues] = useState({
    min: face ? String(face.min) : '',
    max: face ? String(face.max) : '',
    increment: face ? String(face.increment) : '1',
  });
  const [errors, setErrors] = useState<Partial<Record<PickFaceField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    const entry = {
      location_id: location?.id ?? null,
      min: numberOrNull(values.min),
      max: numberOrNull(values.max),
      increment: numberOrNull(values.increment),
    } as unknown as PickFaceInput;
    const { list, index } = withFace(faces, { replaces: face?.id ?? null, face: entry });
    try {
      const answer = await save.mutateAsync(list);
      notifySuccess(answer.message);
      onClose();
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 422) {
        const placed = entryErrors(failure.fieldErrors, index);
        setErrors(placed.fields);
        if (placed.other.length > 0) setProblem(placed.other.join('\n'));
      } else setProblem(failureMessage(failure, 'The pick face could not be saved.'));
    }
  };

  const numberField = (field: 'min' | 'max' | 'increment', label: string, hint: string) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => setValues((held) => ({ ...held, [field]: event.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? hint}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `pick-face-${field}` } }}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title ?? (face ? `Edit pick face ${face.location.code}` : 'Add pick face')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
                {problem}
              </Alert>
            )}
            {fixedLocation || face ? (
              <Typography>
                Pick location <strong>{(face?.location ?? fixedLocation)!.code}</strong>
              </Typography>
            ) : (
              <LocationPicker
                id="pick-face-location"
                label="Pick location"
                warehouseId={warehouseId}
                value={location}
                onChange={setLocation}
                error={errors.location_id}
                required
                helperText="A pick location of this warehouse"
              />
            )}
            {errors.location_id && (fixedLocation || face) && (
              <Typography color="error" variant="body2">
                {errors.location_id}
              </Typography>
            )}
            {numberField('min', 'Min', 'Replenish when fewer units than this are free')}
            {numberField('max', 'Max', 'Fill the face up to this')}
            {numberField('increment', 'Increment', 'The unit a replenishment moves in (a case of 12, say)')}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitting={save.isPending} submitLabel="Save pick face" />
      </form>
    </Dialog>
  );
}
