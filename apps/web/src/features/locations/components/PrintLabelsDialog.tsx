import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { LABEL_LAYOUT_LABELS, LABEL_LAYOUTS, type LabelLayout } from '@wms/contract/locations';
import { useState } from 'react';
import { printLabels } from '../api';

interface PrintLabelsDialogProps {
  warehouseId: number;
  zones: readonly string[];
  /** Ids ticked in the list; when there are some, they are the default choice. */
  selected: readonly number[];
  onClose: () => void;
}

/** Labels for the ticked locations or a whole zone, in the chosen layout; the PDF is downloaded. */
export function PrintLabelsDialog({ warehouseId, zones, selected, onClose }: PrintLabelsDialogProps) {
  const [what, setWhat] = useState<'selection' | 'zone'>(selected.length > 0 ? 'selection' : 'zone');
  const [zone, setZone] = useState(zones[0] ?? '');
  const [layout, setLayout] = useState<LabelLayout>('4x6');
  const [busy, setBusy] = useState(false);

  const print = async () => {
    setBusy(true);
    try {
      await printLabels(what === 'selection' ? { ids: [...selected] } : { warehouse_id: warehouseId, zone }, layout);
      onClose();
    } catch {
      // Notified by the api client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Print Labels</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <FormControl>
          <FormLabel id="labels-what">Locations</FormLabel>
          <RadioGroup
            aria-labelledby="labels-what"
            value={what}
            onChange={(event) => setWhat(event.target.value as 'selection' | 'zone')}
          >
            <FormControlLabel
              value="selection"
              control={<Radio />}
              label={`Selected locations (${selected.length})`}
              disabled={selected.length === 0}
            />
            <FormControlLabel value="zone" control={<Radio />} label="A whole zone" disabled={zones.length === 0} />
          </RadioGroup>
        </FormControl>
        {what === 'zone' && (
          <TextField select label="Zone" size="small" value={zone} onChange={(event) => setZone(event.target.value)}>
            {zones.map((z) => (
              <MenuItem key={z} value={z}>
                {z}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControl>
          <FormLabel id="labels-layout">Layout</FormLabel>
          <RadioGroup
            aria-labelledby="labels-layout"
            value={layout}
            onChange={(event) => setLayout(event.target.value as LabelLayout)}
          >
            {LABEL_LAYOUTS.map((l) => (
              <FormControlLabel key={l} value={l} control={<Radio />} label={LABEL_LAYOUT_LABELS[l]} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={print}
          disabled={busy || (what === 'selection' ? selected.length === 0 : !zone)}
        >
          {busy ? 'Preparing…' : 'Download PDF'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
