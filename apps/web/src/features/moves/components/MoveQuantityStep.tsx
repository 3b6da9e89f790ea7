import { Button, Stack, TextField } from '@mui/material';
import { LOCATION_STOCK_MESSAGES } from '@wms/contract/location-stock';
import { useState } from 'react';

/** A whole number ≥ 1, or the contract's message saying what is wrong. */
function quantityProblem(raw: string): string | null {
  if (raw.trim() === '') return LOCATION_STOCK_MESSAGES.quantityRequired;
  const value = Number(raw);
  if (!Number.isInteger(value)) return LOCATION_STOCK_MESSAGES.quantityWhole;
  if (value < 1) return LOCATION_STOCK_MESSAGES.quantityPositive;
  return null;
}

/**
 * The quantity to move. Not capped at what the source holds: the server is the judge (409 with its message), so a
 * stale screen never hides a real refusal.
 */
export function MoveQuantityStep({
  available,
  initial,
  onNext,
}: {
  available: number;
  initial: number;
  onNext: (quantity: number) => void;
}) {
  const [raw, setRaw] = useState(initial > 0 ? String(initial) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const next = () => {
    const found = quantityProblem(raw);
    setProblem(found);
    if (!found) onNext(Number(raw));
  };
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <TextField
        label="Quantity to move"
        value={raw}
        autoFocus
        onChange={(event) => setRaw(event.target.value)}
        error={problem !== null}
        helperText={problem ?? `${available.toLocaleString()} units of this lot here`}
        slotProps={{
          htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off', enterKeyHint: 'next' },
          input: { sx: { minHeight: 56, fontSize: '1.1rem' } },
        }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56 }}>
        Next: target location
      </Button>
    </Stack>
  );
}
