import { Button, Stack, TextField } from '@mui/material';
import { LOCATION_STOCK_MESSAGES, MOVE_SCAN_MESSAGES } from '@wms/contract/location-stock';
import { useState } from 'react';

/** A whole number from 1 to what the bin holds, or the message saying what is wrong. */
export function quantityProblem(raw: string, held: number, sourceCode: string): string | null {
  if (raw.trim() === '') return LOCATION_STOCK_MESSAGES.quantityRequired;
  const value = Number(raw);
  if (!Number.isInteger(value)) return LOCATION_STOCK_MESSAGES.quantityWhole;
  if (value < 1) return LOCATION_STOCK_MESSAGES.quantityPositive;
  if (value > held) return MOVE_SCAN_MESSAGES.moreThanHeld(held, sourceCode);
  return null;
}

/**
 * The quantity to move, refused here when above what the bin held when it was scanned, so the mover does not walk
 * to the target for nothing. The server stays the judge at confirm (409 with its message): stock
 * taken from the bin meanwhile is still refused there.
 */
export function MoveQuantityStep({
  available,
  sourceCode,
  initial,
  onNext,
}: {
  available: number;
  sourceCode: string;
  initial: number;
  onNext: (quantity: number) => void;
}) {
  const [raw, setRaw] = useState(initial > 0 ? String(initial) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const next = () => {
    const found = quantityProblem(raw, available, sourceCode);
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
