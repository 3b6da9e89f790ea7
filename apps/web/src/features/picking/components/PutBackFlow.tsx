import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { PICKING_MESSAGES as M } from '@wms/contract/picking';
import type { PickTask } from '@wms/contract/waves';
import { useState } from 'react';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { checkProduct, sameCode } from '../pick-checks';

/** Where the units go: the task's own bin, or another bin the picker chose on purpose ("scan another bin"). */
export interface PutBackTarget {
  locationCode: string;
  otherLocation: boolean;
}

interface PutBackFlowProps {
  task: PickTask;
  busy: boolean;
  /** The server's refusal of the last confirmation, shown in place. */
  problem: string | null;
  onConfirm: (target: PutBackTarget) => void;
}

type Step = 'location' | 'product' | 'confirm';
const STEP_TITLE: Record<Step, string> = {
  location: 'Go to the location and scan it',
  product: 'Scan the product',
  confirm: 'Put the units in and confirm',
};
const STEPS: Step[] = ['location', 'product', 'confirm'];

/**
 * One put-back task on the handheld (one task per screen, like a pick): the location large, "Put back N × SKU", then
 * scan location → scan product → confirm. A different bin scanned is refused naming the task's bin, with the offer
 * to put the units into the scanned bin instead (the server checks that bin may take them).
 */
export function PutBackFlow({ task, busy, problem, onConfirm }: PutBackFlowProps) {
  const [step, setStep] = useState<Step>('location');
  const [target, setTarget] = useState<PutBackTarget>({ locationCode: task.location.code, otherLocation: false });
  const [otherBin, setOtherBin] = useState<string | null>(null);

  const scanLocation = async (code: string): Promise<ScanOutcome> => {
    if (sameCode(task.location.code, code)) {
      setOtherBin(null);
      setTarget({ locationCode: task.location.code, otherLocation: false });
      setStep('product');
      return { status: 'success', message: `At ${task.location.code}` };
    }
    setOtherBin(code.trim());
    return { status: 'not-found', message: M.wrongLocation(task.location.code) };
  };

  const scanProduct = async (code: string): Promise<ScanOutcome> => {
    const outcome = checkProduct(task.product, code);
    if (outcome.status === 'success') setStep('confirm');
    return outcome;
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ textAlign: 'center', py: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {target.otherLocation ? 'Put into (instead of the task’s bin)' : 'Put back to'}
        </Typography>
        <Typography
          component="p"
          data-testid="task-location"
          sx={{
            fontSize: '2.5rem',
            fontWeight: 700,
            fontFamily: 'monospace',
            lineHeight: 1.2,
            overflowWrap: 'anywhere',
          }}
        >
          {target.locationCode}
        </Typography>
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600, fontSize: '1.2rem' }} data-testid="put-back-what">
          Put back {task.quantity} × {task.product.sku}
        </Typography>
        <Typography color="text.secondary">{task.product.name}</Typography>
        {task.lot && (
          <Typography>
            Lot <strong>{task.lot.code}</strong>
            {task.lot.expiry_date && ` · expires ${task.lot.expiry_date}`}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          From the cart: {task.reason}
        </Typography>
      </Box>
      <Typography variant="overline" component="p" color="text.secondary">
        Step {STEPS.indexOf(step) + 1} of {STEPS.length}
      </Typography>
      <Typography variant="h6" component="h2">
        {STEP_TITLE[step]}
      </Typography>

      {step === 'location' && (
        <>
          <ScanField label="Location" emptyMessage="Scan the location's label" onScan={scanLocation} />
          {otherBin && (
            <Button
              variant="outlined"
              size="large"
              onClick={() => {
                setTarget({ locationCode: otherBin, otherLocation: true });
                setOtherBin(null);
                setStep('product');
              }}
              sx={{ minHeight: 48 }}
            >
              Put them into {otherBin} instead
            </Button>
          )}
        </>
      )}
      {step === 'product' && (
        <ScanField label="Product barcode or SKU" emptyMessage="Scan the product" onScan={scanProduct} />
      )}
      {step === 'confirm' && (
        <Button
          variant="contained"
          size="large"
          disabled={busy}
          onClick={() => onConfirm(target)}
          sx={{ minHeight: 56 }}
        >
          {busy ? 'Confirming…' : `Confirm ${task.quantity} put back in ${target.locationCode}`}
        </Button>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {step !== 'location' && (
        <Button
          color="inherit"
          variant="outlined"
          disabled={busy}
          onClick={() => {
            setStep('location');
            setTarget({ locationCode: task.location.code, otherLocation: false });
          }}
          sx={{ minHeight: 48 }}
        >
          Scan the location again
        </Button>
      )}
    </Stack>
  );
}
