import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { checkLocation, checkLot, checkProduct, checkTote, quantityProblem } from '../pick-checks';
import { type PickStep, type PickTaskView, pickSteps } from '../pick-task-view';

/** What the picker confirmed: the units taken, the lot they came from, the totes they went into (cluster). */
export interface ConfirmedPick {
  quantity: number;
  lotCode: string | null;
  totes: { orderId: number; tote: string; quantity: number }[];
}

interface PickTaskFlowProps {
  task: PickTaskView;
  cluster: boolean;
  busy: boolean;
  /** The server's refusal of the last confirmation, shown in place. */
  problem: string | null;
  onConfirm: (pick: ConfirmedPick) => void;
  onShort: () => void;
  onSkip: () => void;
}

const STEP_TITLE: Record<PickStep, string> = {
  location: 'Go to the location and scan it',
  product: 'Scan the product',
  lot: 'Scan the lot',
  quantity: 'How many did you take?',
  tote: 'Put the units into the tote',
};

/**
 * One pick task on the handheld (DESIGN §11: one task per screen): the location code large, then location →
 * product → lot → quantity → (cluster) the order's tote. Each wrong scan is refused at once, naming what is
 * expected; the server judges the confirmation again.
 */
export function PickTaskFlow({ task, cluster, busy, problem, onConfirm, onShort, onSkip }: PickTaskFlowProps) {
  const steps = pickSteps(task, cluster);
  const [step, setStep] = useState<PickStep>('location');
  const [lotCode, setLotCode] = useState<string | null>(task.lotCode);
  const [quantity, setQuantity] = useState(String(task.quantity));
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [totes, setTotes] = useState<ConfirmedPick['totes']>([]);
  const advance = () => setStep(steps[steps.indexOf(step) + 1] ?? step);
  const toteEntries = task.breakdown.filter((entry) => entry.quantity > 0);
  const nextTote = toteEntries[totes.length];

  const scan = (outcome: ScanOutcome, then?: () => void): ScanOutcome => {
    if (outcome.status === 'success') (then ?? advance)();
    return outcome;
  };

  const submitQuantity = (event: React.FormEvent) => {
    event.preventDefault();
    const found = quantityProblem(quantity, task.quantity);
    setQuantityError(found);
    if (found) return;
    if (cluster) advance();
    else onConfirm({ quantity: Number(quantity), lotCode, totes: [] });
  };

  const scanTote = async (code: string): Promise<ScanOutcome> => {
    if (!nextTote) return { status: 'warning', message: 'Every tote of this task is done.' };
    const expected = nextTote.tote ?? '';
    const outcome = checkTote(expected, nextTote.orderLabel, code);
    if (outcome.status !== 'success') return outcome;
    const done = [...totes, { orderId: nextTote.orderId, tote: expected, quantity: nextTote.quantity }];
    setTotes(done);
    if (done.length === toteEntries.length) onConfirm({ quantity: Number(quantity), lotCode, totes: done });
    return outcome;
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ textAlign: 'center', py: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Typography variant="overline" component="p" color="text.secondary">
          Location
        </Typography>
        <Typography
          component="p"
          data-testid="task-location"
          sx={{ fontSize: '2.5rem', fontWeight: 700, fontFamily: 'monospace', lineHeight: 1.2 }}
        >
          {task.locationCode}
        </Typography>
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600, fontSize: '1.2rem' }}>
          {task.quantity} × {task.sku}
        </Typography>
        <Typography color="text.secondary">{task.productName}</Typography>
        {task.lotCode && (
          <Typography>
            Lot <strong>{task.lotCode}</strong>
            {task.lotExpiry && ` · expires ${task.lotExpiry}`}
          </Typography>
        )}
        {task.breakdown.length > 1 || cluster ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Units per order">
            {task.breakdown.map((entry) => (
              <Chip
                key={entry.orderId}
                size="small"
                variant="outlined"
                label={`${entry.quantity} → ${entry.tote ? `tote ${entry.tote}` : entry.orderLabel}`}
              />
            ))}
          </Stack>
        ) : null}
      </Box>
      <Typography variant="overline" component="p" color="text.secondary">
        Step {steps.indexOf(step) + 1} of {steps.length}
      </Typography>
      <Typography variant="h6" component="h2">
        {STEP_TITLE[step]}
      </Typography>

      {step === 'location' && (
        <ScanField
          label="Location"
          emptyMessage="Scan the location's label"
          onScan={async (code) => scan(checkLocation(task.locationCode, code))}
        />
      )}
      {step === 'product' && (
        <ScanField
          label="Product barcode or SKU"
          emptyMessage="Scan the product"
          onScan={async (code) => scan(checkProduct(task, code))}
        />
      )}
      {step === 'lot' && task.lotCode && (
        <>
          <ScanField
            label="Lot"
            emptyMessage="Scan or type the lot code"
            onScan={async (code) => {
              const answer = checkLot(task.lotCode!, task.substituteLots, code);
              return scan(answer.outcome, () => {
                setLotCode(answer.lot);
                advance();
              });
            }}
          />
          <Stack spacing={1} role="group" aria-label="Lots you may take">
            {[task.lotCode, ...task.substituteLots].map((code) => (
              <Button
                key={code}
                variant="outlined"
                size="large"
                onClick={() => {
                  setLotCode(code);
                  advance();
                }}
                sx={{ justifyContent: 'flex-start', fontFamily: 'monospace', minHeight: 48 }}
              >
                Lot {code}
              </Button>
            ))}
          </Stack>
        </>
      )}
      {step === 'quantity' && (
        <Stack component="form" spacing={2} noValidate onSubmit={submitQuantity}>
          <TextField
            label="Quantity taken"
            value={quantity}
            autoFocus
            onChange={(event) => setQuantity(event.target.value)}
            error={quantityError !== null}
            helperText={quantityError ?? `The task asks for ${task.quantity}.`}
            slotProps={{
              htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off', enterKeyHint: 'done' },
              input: { sx: { minHeight: 56, fontSize: '1.3rem' } },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ minHeight: 56 }}>
            {cluster ? 'Next: totes' : busy ? 'Confirming…' : `Confirm ${quantity || 0} picked`}
          </Button>
        </Stack>
      )}
      {step === 'tote' && nextTote && (
        <ScanField
          label={`Tote for ${nextTote.orderLabel}`}
          placeholder={`Put ${nextTote.quantity} into tote ${nextTote.tote ?? ''}, scan it`}
          emptyMessage="Scan the tote's label"
          onScan={scanTote}
        />
      )}

      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {step === 'tote' && !nextTote && (
        // Every tote was scanned but the server refused the confirmation: try again, or start the totes over.
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="large"
            disabled={busy}
            onClick={() => onConfirm({ quantity: Number(quantity), lotCode, totes })}
            sx={{ flex: 1, minHeight: 56 }}
          >
            Confirm again
          </Button>
          <Button size="large" disabled={busy} onClick={() => setTotes([])} sx={{ minHeight: 56 }}>
            Scan the totes again
          </Button>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
        <Button color="warning" variant="outlined" onClick={onShort} disabled={busy} sx={{ flex: 1, minHeight: 48 }}>
          Short pick
        </Button>
        <Button color="inherit" variant="outlined" onClick={onSkip} disabled={busy} sx={{ flex: 1, minHeight: 48 }}>
          Skip
        </Button>
      </Stack>
    </Stack>
  );
}
