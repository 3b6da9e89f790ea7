import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import type { PackingStation, StationOutput } from '@wms/contract/packing';
import { type FormEvent, useState } from 'react';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { formErrors } from '../form-errors';
import { useSaveStation } from '../setup-api';

const FIELDS = ['name', 'output', 'printer_host', 'printer_port'];

/**
 * Adds or edits a packing station: its documents open in the browser, or go to a network label printer (raw ZPL
 * on port 9100) whose address must lie in the warehouse's allowed printer networks.
 */
export function StationDialog({
  warehouseId,
  station,
  onClose,
}: {
  warehouseId: number;
  station: PackingStation | null;
  onClose: () => void;
}) {
  const save = useSaveStation(warehouseId);
  const [name, setName] = useState(station?.name ?? '');
  const [output, setOutput] = useState<StationOutput>(station?.output ?? 'browser');
  const [host, setHost] = useState(station?.printer_host ?? '');
  const [port, setPort] = useState(String(station?.printer_port ?? 9100));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({
    fields: {},
    form: null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const printer = output === 'printer';
    save.mutate(
      {
        id: station?.id ?? null,
        body: {
          name: name.trim(),
          output,
          printer_host: printer ? host.trim() : null,
          printer_port: printer ? Number(port) : 9100,
        },
      },
      { onSuccess: onClose, onError: (error) => setErrors(formErrors(error, FIELDS)) },
    );
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{station ? `Edit ${station.name}` : 'Add packing station'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>
              <TextField
                label="Station name"
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
            <Grid size={12}>
              <FormLabel id="station-output">Documents</FormLabel>
              <RadioGroup
                aria-labelledby="station-output"
                value={output}
                onChange={(event) => setOutput(event.target.value as StationOutput)}
              >
                <FormControlLabel value="browser" control={<Radio />} label="Open as PDF in the browser" />
                <FormControlLabel value="printer" control={<Radio />} label="Send to a network label printer (ZPL)" />
              </RadioGroup>
            </Grid>
            {output === 'printer' && (
              <>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    label="Printer address"
                    value={host}
                    onChange={(event) => setHost(event.target.value)}
                    fullWidth
                    required
                    error={Boolean(errors.fields.printer_host)}
                    helperText={errors.fields.printer_host ?? 'An IP address inside an allowed printer network'}
                    slotProps={{ htmlInput: { maxLength: 255, spellCheck: false } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label="Port"
                    value={port}
                    onChange={(event) => setPort(event.target.value.replace(/\D/g, ''))}
                    fullWidth
                    error={Boolean(errors.fields.printer_port)}
                    helperText={errors.fields.printer_port}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
                  />
                </Grid>
              </>
            )}
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
          submitLabel={station ? 'Save Changes' : 'Add station'}
        />
      </form>
    </Dialog>
  );
}
