import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { parseWeightGrams } from '../scale-weight';

interface CloseCartonFormProps {
  cartonNumber: number;
  busy: boolean;
  /** Called with whole grams; the server gives the carton its SSCC. */
  onClose: (grams: number) => void;
}

/**
 * The carton's weight, then close: typed, or "typed" by a scale that acts as a keyboard (digits, maybe a unit,
 * Enter) — Enter closes like the button. A reading that is not a weight says so and keeps the field.
 */
export function CloseCartonForm({ cartonNumber, busy, onClose }: CloseCartonFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const grams = parseWeightGrams(text);
    if (grams === null) {
      setProblem('Type the weight in grams (or with kg), or put the carton on the scale.');
      return;
    }
    onClose(grams);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={`Weight of carton ${cartonNumber}`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          submit();
        }}
        disabled={busy}
        error={problem !== null}
        helperText={problem ?? 'Grams, or e.g. 1.25 kg. Enter closes the carton.'}
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'decimal', maxLength: 32, enterKeyHint: 'done' } }}
      />
      <Button variant="contained" disabled={busy} onClick={submit} sx={{ minHeight: 56, whiteSpace: 'nowrap', px: 3 }}>
        Close carton {cartonNumber}
      </Button>
    </Stack>
  );
}
