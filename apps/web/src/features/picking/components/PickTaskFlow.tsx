import { Alert, Button, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import {
  TaskFooterActions,
  TaskLocationBanner,
  TaskProductSummary,
  TaskQuantityForm,
  TaskStepHeading,
} from '../../../components/HandheldTask';
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
      <TaskLocationBanner label="Location" code={task.locationCode} />
      <TaskProductSummary
        quantity={task.quantity}
        sku={task.sku}
        name={task.productName}
        lot={task.lotCode ? { code: task.lotCode, expiry: task.lotExpiry } : null}
      >
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
      </TaskProductSummary>
      <TaskStepHeading step={steps.indexOf(step) + 1} of={steps.length} title={STEP_TITLE[step]} />

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
        <TaskQuantityForm
          label="Quantity taken"
          value={quantity}
          asked={task.quantity}
          error={quantityError}
          submitLabel={cluster ? 'Next: totes' : busy ? 'Confirming…' : `Confirm ${quantity || 0} picked`}
          disabled={busy}
          onChange={setQuantity}
          onSubmit={submitQuantity}
        />
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
      <TaskFooterActions shortLabel="Short pick" onShort={onShort} leaveLabel="Skip" onLeave={onSkip} busy={busy} />
    </Stack>
  );
}
