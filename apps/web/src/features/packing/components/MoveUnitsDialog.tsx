import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { Carton } from '@wms/contract/packing';
import { useState } from 'react';
import type { MovableLine } from '../pack-progress';

interface MoveUnitsDialogProps {
  line: MovableLine;
  from: Carton;
  /** The order's other open cartons. */
  targets: readonly Carton[];
  busy: boolean;
  onMove: (targetId: number, quantity: number) => void;
  onCancel: () => void;
}

/** Moves some units of one carton line into another open carton of the order (before either is closed). */
export function MoveUnitsDialog({ line, from, targets, busy, onMove, onCancel }: MoveUnitsDialogProps) {
  const [target, setTarget] = useState<number>(targets[0]?.id ?? 0);
  const [quantity, setQuantity] = useState(String(line.quantity));
  const count = Number(quantity);
  const valid = Number.isInteger(count) && count >= 1 && count <= line.quantity && target > 0;
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs">
      <DialogTitle>
        Move {line.label} out of carton {from.number}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Into carton"
            value={target}
            onChange={(event) => setTarget(Number(event.target.value))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {targets.map((carton) => (
              <option key={carton.id} value={carton.id}>
                Carton {carton.number} · {carton.type_name}
              </option>
            ))}
          </TextField>
          <TextField
            label="Units to move"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value.replace(/\D/g, ''))}
            helperText={`1 to ${line.quantity}`}
            error={quantity !== '' && !valid}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || !valid} onClick={() => onMove(target, count)}>
          Move units
        </Button>
      </DialogActions>
    </Dialog>
  );
}
