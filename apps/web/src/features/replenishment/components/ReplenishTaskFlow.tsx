import { Alert, Button, Stack, Typography } from '@mui/material';
import type { ReplenishmentTask } from '@wms/contract/replenishment';
import { useState } from 'react';
import {
  TaskFooterActions,
  TaskLocationBanner,
  TaskProductSummary,
  TaskQuantityForm,
  TaskStepHeading,
} from '../../../components/HandheldTask';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { checkScan, quantityProblem, type TaskStep, taskSteps } from '../task-steps';

interface ReplenishTaskFlowProps {
  task: ReplenishmentTask;
  busy: boolean;
  /** The server's refusal of the last completion or short, shown in place. */
  problem: string | null;
  onComplete: (input: { quantity: number; lot?: string }) => void;
  onShort: () => void;
  onLeave: () => void;
}

const STEP_TITLE: Record<TaskStep, string> = {
  source: 'Go to the source location and scan it',
  product: 'Scan the product',
  lot: 'Scan the lot',
  quantity: 'How many do you bring?',
  target: 'Bring them to the pick face and scan it',
};

/**
 * One started replenishment task on the handheld (one task per screen, as picking): source → product → (lot) →
 * quantity (prefilled with the task's) → target, then the completion goes to the server, which checks the scans
 * again. A wrong scan is refused in red naming the expected code, and the field keeps the focus.
 */
export function ReplenishTaskFlow({ task, busy, problem, onComplete, onShort, onLeave }: ReplenishTaskFlowProps) {
  const steps = taskSteps(task);
  const [step, setStep] = useState<TaskStep>('source');
  const [quantity, setQuantity] = useState(String(task.quantity));
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const advance = () => setStep(steps[steps.indexOf(step) + 1] ?? step);
  const shownCode = step === 'target' ? task.target.code : task.source.code;

  const scan =
    (scanStep: Exclude<TaskStep, 'quantity'>) =>
    async (code: string): Promise<ScanOutcome> => {
      const outcome = checkScan(task, scanStep, code);
      if (outcome.status === 'success') {
        if (scanStep === 'target')
          onComplete({ quantity: Number(quantity), ...(task.lot ? { lot: task.lot.code } : {}) });
        else advance();
      }
      return outcome;
    };

  const submitQuantity = (event: React.FormEvent) => {
    event.preventDefault();
    const found = quantityProblem(quantity, task.quantity);
    setQuantityError(found);
    if (!found) advance();
  };

  return (
    <Stack spacing={2}>
      <TaskLocationBanner label={step === 'target' ? 'Pick face' : 'Source'} code={shownCode} />
      <TaskProductSummary
        quantity={task.quantity}
        sku={task.product.sku}
        name={task.product.name}
        lot={task.lot ? { code: task.lot.code, expiry: task.lot.expiry_date ?? null } : null}
      >
        <Typography color="text.secondary">
          {task.source.code} → {task.target.code}
        </Typography>
      </TaskProductSummary>
      <TaskStepHeading step={steps.indexOf(step) + 1} of={steps.length} title={STEP_TITLE[step]} />

      {step === 'source' && (
        <ScanField
          key="source"
          label="Source location"
          emptyMessage="Scan the location's label"
          onScan={scan('source')}
        />
      )}
      {step === 'product' && (
        <ScanField
          key="product"
          label="Product barcode or SKU"
          emptyMessage="Scan the product"
          onScan={scan('product')}
        />
      )}
      {step === 'lot' && (
        <ScanField key="lot" label="Lot" emptyMessage="Scan or type the lot code" onScan={scan('lot')} />
      )}
      {step === 'quantity' && (
        <TaskQuantityForm
          label="Quantity brought"
          value={quantity}
          asked={task.quantity}
          error={quantityError}
          submitLabel="Next: the pick face"
          onChange={setQuantity}
          onSubmit={submitQuantity}
        />
      )}
      {step === 'target' && (
        <>
          <ScanField
            key="target"
            label="Pick location"
            emptyMessage="Scan the pick face's label"
            onScan={scan('target')}
          />
          {problem && (
            // The server refused the completion: scan the pick face again to retry, or change the quantity.
            <Button onClick={() => setStep('quantity')} disabled={busy} sx={{ minHeight: 48 }}>
              Change quantity
            </Button>
          )}
        </>
      )}
      {busy && <Typography color="text.secondary">Completing…</Typography>}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <TaskFooterActions
        shortLabel="Source short"
        onShort={onShort}
        leaveLabel="Back to my tasks"
        onLeave={onLeave}
        busy={busy}
      />
    </Stack>
  );
}
