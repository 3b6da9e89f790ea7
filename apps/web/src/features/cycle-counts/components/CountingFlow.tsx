import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { CYCLE_COUNT_MESSAGES, type CycleCount } from '@wms/contract/cycle-counts';
import { useState } from 'react';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { useRecordCount } from '../api';
import { type CountedLot, type ExpectedLots, expectedLots, lotFields, lotLabel } from '../count-lots';
import { LotChoice } from './LotChoice';

type Step =
  | { kind: 'location' }
  | { kind: 'product'; location: string }
  | { kind: 'lot'; location: string; code: string; expected: ExpectedLots }
  | { kind: 'quantity'; location: string; code: string; lot: CountedLot | null };

/**
 * The counter's phone flow, one task per screen: scan the location, scan a product (SKU or barcode),
 * enter how many are there, save; then the next product of the same location, or another location. Where the
 * location holds the product in lots, the counter says which lot before the quantity, and counts each lot on its
 * own. Blind: nothing here says how many the system expects.
 */
export function CountingFlow({ count }: { count: CycleCount }) {
  const recordCount = useRecordCount();
  const [step, setStep] = useState<Step>({ kind: 'location' });
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const scanLocation = async (code: string): Promise<ScanOutcome> => {
    const location = count.locations.find((l) => l.code.toLowerCase() === code.toLowerCase());
    if (!location) return { status: 'not-found', message: CYCLE_COUNT_MESSAGES.locationNotInCount };
    setSaved(null);
    setStep({ kind: 'product', location: location.code });
    return { status: 'success', message: `Location ${location.code}` };
  };

  const scanProduct = async (code: string): Promise<ScanOutcome> => {
    if (step.kind !== 'product') return { status: 'warning', message: 'Scan the location first' };
    setProblem(null);
    setQuantity('');
    const expected = expectedLots(count, step.location, code);
    if (expected.ask) setStep({ kind: 'lot', location: step.location, code, expected });
    else setStep({ kind: 'quantity', location: step.location, code, lot: null });
    return { status: 'success', message: code };
  };

  const chooseLot = (lot: CountedLot) => {
    if (step.kind !== 'lot') return;
    setProblem(null);
    setStep({ kind: 'quantity', location: step.location, code: step.code, lot });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'quantity') return;
    const units = Number(quantity);
    if (quantity.trim() === '' || !Number.isInteger(units) || units < 0) {
      setProblem(CYCLE_COUNT_MESSAGES.quantityInvalid);
      return;
    }
    setSaving(true);
    try {
      await recordCount.mutateAsync({
        id: count.id,
        input: { location_code: step.location, code: step.code, quantity: units, ...lotFields(step.lot) },
      });
      const lot = lotLabel(step.lot);
      setSaved(`Counted ${units} × ${step.code}${lot ? ` (${lot})` : ''} in ${step.location}`);
      setProblem(null);
      setStep({ kind: 'product', location: step.location });
    } catch (error) {
      const lotProblem = error instanceof HttpError ? error.fieldErrors.lot_code?.[0] : undefined;
      if (lotProblem && step.lot === null) {
        // The product tracks lots though the count expected none of it here: ask now, keeping the quantity.
        setProblem(lotProblem);
        setStep({
          kind: 'lot',
          location: step.location,
          code: step.code,
          expected: expectedLots(count, step.location, step.code),
        });
      } else {
        setProblem(failureMessage(error, 'The count could not be saved'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Count
          </Typography>
          {saved && <Alert severity="success">{saved}</Alert>}
          {step.kind === 'location' && (
            <ScanField
              label="Scan location"
              placeholder="Scan or type a location code, then Enter"
              emptyMessage="Scan the location to count"
              onScan={scanLocation}
            />
          )}
          {step.kind !== 'location' && (
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
            >
              <Typography>
                Location <strong>{step.location}</strong>
              </Typography>
              <Button size="large" onClick={() => setStep({ kind: 'location' })}>
                Next location
              </Button>
            </Box>
          )}
          {step.kind === 'product' && (
            <ScanField
              label="Scan product"
              placeholder="Scan or type a SKU or barcode, then Enter"
              emptyMessage="Scan a product found in this location"
              onScan={scanProduct}
            />
          )}
          {step.kind === 'lot' && (
            <>
              <LotChoice product={step.code} expected={step.expected} problem={problem} onChoose={chooseLot} />
              <Button size="large" onClick={() => setStep({ kind: 'product', location: step.location })}>
                Back
              </Button>
            </>
          )}
          {step.kind === 'quantity' && (
            <form noValidate onSubmit={save}>
              <Stack spacing={2}>
                <Typography>
                  Product <strong>{step.code}</strong>
                  {step.lot && (
                    <>
                      {' · '}
                      {'code' in step.lot ? (
                        <>
                          Lot <strong>{step.lot.code}</strong>
                        </>
                      ) : (
                        'No lot'
                      )}
                    </>
                  )}
                </Typography>
                <TextField
                  id="counted-quantity"
                  label="Quantity counted"
                  type="number"
                  value={quantity}
                  onChange={(e) => setQuantity(e.target.value)}
                  autoFocus
                  slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
                  fullWidth
                />
                {problem && <Alert severity="error">{problem}</Alert>}
                <Stack direction="row" spacing={1}>
                  <Button type="submit" variant="contained" size="large" disabled={saving} sx={{ flex: 1 }}>
                    Save count
                  </Button>
                  <Button
                    size="large"
                    onClick={() => setStep({ kind: 'product', location: step.location })}
                    disabled={saving}
                  >
                    Back
                  </Button>
                </Stack>
              </Stack>
            </form>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
