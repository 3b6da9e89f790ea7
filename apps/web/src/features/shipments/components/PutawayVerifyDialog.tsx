import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SHIPMENT_MESSAGES, SHIPMENT_NOTES_MAX, type Shipment } from '@wms/contract/shipments';
import { useEffect, useState } from 'react';
import { type LocationChoice, LocationPicker } from '../../../components/LocationPicker';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError } from '../../../lib/notify';
import { heldLocationsQuery } from '../../../lib/offline/warehouse-locations-snapshot';
import { putawaySuggestionsQueryOptions, type VerifyPayload } from '../api';
import type { PlaceCodes } from '../offline-putaway';

interface RowState {
  /** A stable React key for rows added and removed. */
  key: number;
  location: LocationChoice | null;
  quantity: string;
  lot_code: string;
  expiry_date: string;
}
interface LineState {
  received: string;
  reason: string;
  rows: RowState[];
}

let nextRowKey = 0;
const emptyRow = (location: LocationChoice | null, quantity: number): RowState => ({
  key: ++nextRowKey,
  location,
  quantity: String(quantity),
  lot_code: '',
  expiry_date: '',
});

interface PutawayVerifyDialogProps {
  shipment: Shipment;
  open: boolean;
  onCancel: () => void;
  /** Sends (or, offline, queues) the verification; a 422 comes back here to show its field messages. */
  onVerify: (payload: VerifyPayload, codes: PlaceCodes) => Promise<void>;
}

/**
 * Verify with putaway: per line, the received quantity (a difference needs a reason) and where it goes —
 * one or more locations, prefilled with the suggestion — with lot and expiry for products that track them.
 */
export function PutawayVerifyDialog({ shipment, open, onCancel, onVerify }: PutawayVerifyDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const suggestions = useQuery({ ...putawaySuggestionsQueryOptions(shipment.id), enabled: open });
  // The warehouse's locations kept on the device (read when the shipment's page opened online): scanned codes are
  // checked against them with no network, with the online messages.
  const held = useQuery({ ...heldLocationsQuery(shipment.warehouse_id), enabled: open });
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<LineState[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !suggestions.data) return;
    const suggested = new Map(suggestions.data.map((s) => [s.line_id, s.location]));
    setLines(
      shipment.lines.map((line) => {
        const location = suggested.get(line.id);
        return {
          received: String(line.quantity),
          reason: '',
          rows: [emptyRow(location ? { id: location.id, code: location.code } : null, line.quantity)],
        };
      }),
    );
    setNotes('');
    setErrors({});
  }, [open, suggestions.data, shipment.lines]);

  const change = (index: number, patch: (line: LineState) => LineState) =>
    setLines((all) => all.map((line, i) => (i === index ? patch(line) : line)));
  const changeRow = (index: number, rowIndex: number, patch: Partial<RowState>) =>
    change(index, (line) => ({ ...line, rows: line.rows.map((r, j) => (j === rowIndex ? { ...r, ...patch } : r)) }));
  const errorOf = (field: string) => errors[field]?.[0];

  const submit = async () => {
    setBusy(true);
    setErrors({});
    const codes = new Map(
      lines.flatMap((line) => line.rows.flatMap((row) => (row.location ? [[row.location.id, row.location.code]] : []))),
    ) as PlaceCodes;
    try {
      await onVerify(
        {
          notes: notes.trim() || null,
          lines: shipment.lines.map((line, i) => ({
            line_id: line.id,
            received_quantity: Number(lines[i]!.received),
            discrepancy_reason: lines[i]!.reason.trim() || null,
            putaway: lines[i]!.rows.map((row) => ({
              location_id: row.location?.id ?? 0,
              quantity: Number(row.quantity),
              lot_code: row.lot_code.trim() || null,
              expiry_date: row.expiry_date || null,
            })),
          })),
        },
        codes,
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) setErrors(error.fieldErrors);
      else {
        const message = failureMessage(error, SHIPMENT_MESSAGES.verifyFailed);
        if (message) notifyError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const loading = open && !suggestions.data;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="verify-title"
    >
      <DialogTitle id="verify-title">Verify Shipment</DialogTitle>
      <DialogContent>
        {suggestions.isError && <Alert severity="error">{SHIPMENT_MESSAGES.verifyFailed}</Alert>}
        {loading && !suggestions.isError && <CircularProgress aria-label="Loading put-away suggestions" />}
        {errorOf('lines') && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorOf('lines')}
          </Alert>
        )}
        {!loading && (
          <Stack spacing={3} sx={{ mt: 1 }}>
            {shipment.lines.map((line, i) => {
              const state = lines[i];
              if (!state) return null;
              const differs = Number(state.received) !== line.quantity;
              const needsLot = line.product.track_lots || line.product.track_expiry;
              const at = `lines.${i}`;
              return (
                <Box
                  key={line.id}
                  component="section"
                  aria-label={`Receive ${line.product.sku}`}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
                >
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {line.product.name} ({line.product.sku})
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    Announced: {line.quantity.toLocaleString()}
                  </Typography>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' } }}>
                    <TextField
                      id={`received-${line.id}`}
                      label={`Received ${line.product.sku}`}
                      type="number"
                      size="small"
                      required
                      value={state.received}
                      onChange={(event) => {
                        const received = event.target.value;
                        // One put-away row follows the received quantity; several are the receiver's to split.
                        change(i, (l) => ({
                          ...l,
                          received,
                          rows: l.rows.length === 1 ? [{ ...l.rows[0]!, quantity: received }] : l.rows,
                        }));
                      }}
                      slotProps={{ htmlInput: { min: 0, step: 1 } }}
                      error={Boolean(errorOf(`${at}.received_quantity`))}
                      helperText={errorOf(`${at}.received_quantity`)}
                    />
                    {(differs || errorOf(`${at}.discrepancy_reason`)) && (
                      <TextField
                        id={`reason-${line.id}`}
                        label={`Reason for the difference (${line.product.sku})`}
                        size="small"
                        required
                        value={state.reason}
                        onChange={(event) => change(i, (l) => ({ ...l, reason: event.target.value }))}
                        error={Boolean(errorOf(`${at}.discrepancy_reason`))}
                        helperText={errorOf(`${at}.discrepancy_reason`) ?? 'The client sees this reason.'}
                      />
                    )}
                  </Box>
                  {errorOf(`${at}.putaway`) && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                      {errorOf(`${at}.putaway`)}
                    </Alert>
                  )}
                  <Stack spacing={1.5} sx={{ mt: 2 }}>
                    {state.rows.map((row, j) => {
                      const rowAt = `${at}.putaway.${j}`;
                      const n = `${line.product.sku} #${j + 1}`;
                      return (
                        <Box
                          key={row.key}
                          sx={{
                            display: 'grid',
                            gap: 1.5,
                            alignItems: 'start',
                            gridTemplateColumns: {
                              xs: '1fr',
                              sm: needsLot ? '2fr 1fr 1.5fr 1.5fr auto' : '2fr 1fr auto',
                            },
                          }}
                        >
                          <LocationPicker
                            id={`location-${line.id}-${j}`}
                            label={`Location ${n}`}
                            warehouseId={shipment.warehouse_id}
                            value={row.location}
                            onChange={(location) => changeRow(i, j, { location })}
                            error={errorOf(`${rowAt}.location_id`)}
                            held={held.data}
                          />
                          <TextField
                            id={`quantity-${line.id}-${j}`}
                            label={`Quantity ${n}`}
                            type="number"
                            size="small"
                            required
                            value={row.quantity}
                            onChange={(event) => changeRow(i, j, { quantity: event.target.value })}
                            slotProps={{ htmlInput: { min: 1, step: 1 } }}
                            error={Boolean(errorOf(`${rowAt}.quantity`))}
                            helperText={errorOf(`${rowAt}.quantity`)}
                          />
                          {needsLot && (
                            <TextField
                              id={`lot-${line.id}-${j}`}
                              label={`Lot ${n}`}
                              size="small"
                              required
                              value={row.lot_code}
                              onChange={(event) => changeRow(i, j, { lot_code: event.target.value })}
                              error={Boolean(errorOf(`${rowAt}.lot_code`))}
                              helperText={errorOf(`${rowAt}.lot_code`)}
                            />
                          )}
                          {needsLot && (
                            <TextField
                              id={`expiry-${line.id}-${j}`}
                              label={`Expiry ${n}`}
                              type="date"
                              size="small"
                              required={line.product.track_expiry}
                              value={row.expiry_date}
                              onChange={(event) => changeRow(i, j, { expiry_date: event.target.value })}
                              slotProps={{ inputLabel: { shrink: true } }}
                              error={Boolean(errorOf(`${rowAt}.expiry_date`))}
                              helperText={errorOf(`${rowAt}.expiry_date`)}
                            />
                          )}
                          <IconButton
                            aria-label={`Remove location ${n}`}
                            disabled={state.rows.length === 1}
                            onClick={() => change(i, (l) => ({ ...l, rows: l.rows.filter((_, k) => k !== j) }))}
                          >
                            <DeleteOutlineIcon />
                          </IconButton>
                        </Box>
                      );
                    })}
                  </Stack>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    sx={{ mt: 1 }}
                    onClick={() => change(i, (l) => ({ ...l, rows: [...l.rows, emptyRow(null, 0)] }))}
                  >
                    Add location for {line.product.sku}
                  </Button>
                </Box>
              );
            })}
            <TextField
              id="verification_notes"
              label="Verification notes (optional)"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: SHIPMENT_NOTES_MAX } }}
              helperText="Verifying adds the received quantities to inventory, in these locations."
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="success"
          disabled={busy || loading}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={submit}
        >
          Verify
        </Button>
      </DialogActions>
    </Dialog>
  );
}
