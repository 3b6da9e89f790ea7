import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import {
  generatedCount,
  generatedLocations,
  LOCATION_GENERATE_MAX,
  LOCATION_MESSAGES,
  LOCATION_PREVIEW_SIZE,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  type LocationType,
  rangeValues,
} from '@wms/contract/locations';
import { useState } from 'react';
import { HttpError } from '../../../lib/api/api-error';
import { notifySuccess } from '../../../lib/notify';
import { useGenerateLocations } from '../api';

const PARTS = [
  ['aisles', 'Aisles'],
  ['racks', 'Racks'],
  ['levels', 'Levels'],
  ['bins', 'Bins'],
] as const;
type Part = (typeof PARTS)[number][0];
type Ranges = Record<Part, { from: string; to: string }>;

const EMPTY: Ranges = {
  aisles: { from: '01', to: '04' },
  racks: { from: '01', to: '10' },
  levels: { from: 'A', to: 'D' },
  bins: { from: '', to: '' },
};

/** A range left empty is not part of the code; one half filled is an error. */
const rangeOf = (range: { from: string; to: string }) =>
  range.from.trim() === '' && range.to.trim() === '' ? null : { from: range.from.trim(), to: range.to.trim() };

/**
 * Generate by pattern: zone × aisles × racks × levels × bins. The preview (count and first codes) is computed in the
 * browser with the contract's own functions as the user types, so it is exactly what the server will create.
 */
export function GenerateLocationsDialog({ warehouseId, onClose }: { warehouseId: number; onClose: () => void }) {
  const generateLocations = useGenerateLocations(warehouseId);
  const [zone, setZone] = useState('A');
  const [type, setType] = useState<LocationType>('storage');
  const [ranges, setRanges] = useState<Ranges>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const input = {
    zone: zone.trim(),
    aisles: rangeOf(ranges.aisles),
    racks: rangeOf(ranges.racks),
    levels: rangeOf(ranges.levels),
    bins: rangeOf(ranges.bins),
  };
  const invalid = PARTS.filter(([part]) => {
    const range = input[part];
    return range !== null && rangeValues(range) === null;
  }).map(([part]) => part);
  const zoneValid = /^[A-Za-z0-9]{1,32}$/.test(input.zone);
  const ready = zoneValid && input.aisles !== null && invalid.length === 0;
  const count = ready ? generatedCount({ ...input, aisles: input.aisles! }) : 0;
  const preview =
    ready && count <= LOCATION_GENERATE_MAX
      ? generatedLocations({ ...input, aisles: input.aisles! }, LOCATION_PREVIEW_SIZE).map((l) => l.code)
      : [];
  const tooMany = count > LOCATION_GENERATE_MAX;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await generateLocations.mutateAsync({
        ...input,
        aisles: input.aisles!,
        type,
        max_units: null,
        preview: false,
      });
      notifySuccess(answer.message ?? LOCATION_MESSAGES.generated(answer.count));
      onClose();
    } catch (failure) {
      // Shown here only (the request does not toast): one message, inline, whatever the failure.
      const fields = failure instanceof HttpError ? Object.values(failure.fieldErrors).flat() : [];
      const message = failure instanceof HttpError ? failure.serverMessage : undefined;
      setError(fields.length ? fields.join(' ') : (message ?? 'Failed to generate locations'));
    } finally {
      setBusy(false);
    }
  };

  const setRange = (part: Part, end: 'from' | 'to', value: string) =>
    setRanges((previous) => ({ ...previous, [part]: { ...previous[part], [end]: value } }));

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Generate Locations</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Codes are ZONE-AISLE-RACK-LEVEL-BIN. Ranges are numbers (01 to 12 keeps the zeros) or letters (A to F); leave
          a range empty to leave it out of the code.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 6 }}>
            <TextField
              label="Zone"
              size="small"
              fullWidth
              required
              value={zone}
              onChange={(event) => setZone(event.target.value)}
              error={!zoneValid}
              helperText={
                zoneValid ? undefined : input.zone ? LOCATION_MESSAGES.zoneInvalid : LOCATION_MESSAGES.zoneRequired
              }
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField
              select
              label="Type"
              size="small"
              fullWidth
              value={type}
              onChange={(event) => setType(event.target.value as LocationType)}
            >
              {LOCATION_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {LOCATION_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {PARTS.map(([part, label]) => (
            <Grid key={part} size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', gap: 1 }}>
              <TextField
                label={`${label} from`}
                size="small"
                value={ranges[part].from}
                onChange={(event) => setRange(part, 'from', event.target.value)}
                error={invalid.includes(part) || (part === 'aisles' && input.aisles === null)}
              />
              <TextField
                label={`${label} to`}
                size="small"
                value={ranges[part].to}
                onChange={(event) => setRange(part, 'to', event.target.value)}
                error={invalid.includes(part)}
              />
            </Grid>
          ))}
        </Grid>
        {invalid.length > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {LOCATION_MESSAGES.rangeInvalid}
          </Alert>
        )}
        {tooMany && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {LOCATION_MESSAGES.tooMany(count)}
          </Alert>
        )}
        <Box aria-live="polite" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" data-testid="generate-count">
            {ready ? `${count.toLocaleString('en-US')} locations` : 'Fill in the zone and the aisles'}
          </Typography>
          {preview.length > 0 && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ fontFamily: 'monospace' }}
              data-testid="generate-preview"
            >
              {preview.join(', ')}
              {count > preview.length ? ', …' : ''}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !ready || tooMany || count === 0}>
          {busy ? 'Generating…' : `Generate ${ready && !tooMany ? count.toLocaleString('en-US') : ''} Locations`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
