import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';

export type ShortReason = 'empty' | 'damaged' | 'not_found';
const REASONS: readonly (readonly [ShortReason, string])[] = [
  ['empty', 'The location is empty'],
  ['damaged', 'Damaged'],
  ['not_found', 'Not found'],
];

interface ShortPickFormProps {
  asked: number;
  locationCode: string;
  busy: boolean;
  problem: string | null;
  onReport: (found: number, reason: ShortReason) => void;
  onCancel: () => void;
}

/**
 * A short pick (fewer units than the task asks): what was there and why. The server puts the location in hospital,
 * creates its count and fetches the missing units from another location when there are any.
 */
export function ShortPickForm({ asked, locationCode, busy, problem, onReport, onCancel }: ShortPickFormProps) {
  const [found, setFound] = useState('0');
  const [reason, setReason] = useState<ShortReason>('empty');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const units = Number(found);
    if (found.trim() === '' || !Number.isInteger(units) || units < 0 || units >= asked) {
      setInvalid(`Enter the units that were there: a whole number from 0 to ${asked - 1}.`);
      return;
    }
    setInvalid(null);
    onReport(units, reason);
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Short pick">
      <Typography variant="h6" component="h2">
        Short pick at {locationCode}
      </Typography>
      <TextField
        label="Units that were there"
        value={found}
        onChange={(event) => setFound(event.target.value)}
        error={invalid !== null}
        helperText={invalid ?? `The task asks for ${asked}.`}
        autoFocus
        slotProps={{
          htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off' },
          input: { sx: { minHeight: 56, fontSize: '1.1rem' } },
        }}
      />
      <FormControl>
        <FormLabel id="short-reason-label">Why</FormLabel>
        <RadioGroup
          aria-labelledby="short-reason-label"
          value={reason}
          onChange={(event) => setReason(event.target.value as ShortReason)}
        >
          {REASONS.map(([value, label]) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={label} sx={{ minHeight: 48 }} />
          ))}
        </RadioGroup>
      </FormControl>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Button type="submit" variant="contained" color="warning" size="large" disabled={busy} sx={{ minHeight: 56 }}>
        {busy ? 'Reporting…' : 'Report short pick'}
      </Button>
      <Button onClick={onCancel} disabled={busy} size="large" sx={{ minHeight: 48 }}>
        Back to the task
      </Button>
    </Stack>
  );
}
