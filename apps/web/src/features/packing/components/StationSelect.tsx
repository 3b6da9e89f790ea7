import { TextField } from '@mui/material';
import type { PackingStation } from '@wms/contract/packing';

interface StationSelectProps {
  stations: readonly PackingStation[];
  value: number | null;
  onChange: (stationId: number | null) => void;
}

/**
 * Which bench this device is. Without a station the documents open in the browser; a station either does the same
 * or sends them to its label printer. A native select: large, and a tablet shows its own picker.
 */
export function StationSelect({ stations, value, onChange }: StationSelectProps) {
  const active = stations.filter((station) => station.active);
  return (
    <TextField
      select
      label="Packing station"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      fullWidth
      helperText="Remembered on this device"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">No station: documents open in the browser</option>
      {active.map((station) => (
        <option key={station.id} value={station.id}>
          {station.name} ·{' '}
          {station.output === 'printer' ? `printer ${station.printer_host}:${station.printer_port}` : 'browser'}
        </option>
      ))}
    </TextField>
  );
}
