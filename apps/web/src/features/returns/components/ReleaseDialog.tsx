import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { ReturnLine, ReturnReleaseAction } from '@wms/contract/returns';
import { useState } from 'react';
import { type LocationChoice, LocationPicker } from '../../../components/LocationPicker';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { useReleaseLine } from '../api';

interface ReleaseDialogProps {
  returnId: number;
  warehouseId: number;
  line: ReturnLine;
  onClose: () => void;
}

/** Inspection done: quarantined units of a line restocked into a storage or pick location, or disposed of. */
export function ReleaseDialog({ returnId, warehouseId, line, onClose }: ReleaseDialogProps) {
  const release = useReleaseLine();
  const [quantity, setQuantity] = useState(String(line.quarantined));
  const [action, setAction] = useState<ReturnReleaseAction>('restock');
  const [location, setLocation] = useState<LocationChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setErrors({});
    setProblem(null);
    try {
      await release.mutateAsync({
        id: returnId,
        lineId: line.id,
        body: {
          quantity: Number(quantity),
          action,
          ...(action === 'restock' && location ? { location_id: location.id } : {}),
        },
      });
      onClose();
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 422 && Object.keys(failure.fieldErrors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(failure.fieldErrors).map(([k, v]) => [k, v.join(', ')])));
      } else {
        setProblem(failureMessage(failure, 'The units could not be released.'));
      }
    }
  };

  return (
    <Dialog open onClose={release.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Release {line.product.sku} from quarantine</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label="Quantity"
            type="number"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={Boolean(errors.quantity)}
            helperText={errors.quantity ?? `${line.quarantined} in quarantine`}
            slotProps={{ htmlInput: { min: 1, max: line.quarantined } }}
          />
          <RadioGroup
            aria-label="What happens to the units"
            value={action}
            onChange={(event) => setAction(event.target.value as ReturnReleaseAction)}
          >
            <FormControlLabel value="restock" control={<Radio />} label="Restock into a location" />
            <FormControlLabel value="dispose" control={<Radio />} label="Dispose of them" />
          </RadioGroup>
          {action === 'restock' && (
            <LocationPicker
              id={`release-location-${line.id}`}
              label="Restock location"
              warehouseId={warehouseId}
              value={location}
              onChange={setLocation}
              error={errors.location_id}
              required
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={release.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={release.isPending}>
          Release
        </Button>
      </DialogActions>
    </Dialog>
  );
}
