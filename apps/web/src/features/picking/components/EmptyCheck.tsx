import { Button, Stack, Typography } from '@mui/material';

interface EmptyCheckProps {
  locationCode: string;
  busy: boolean;
  onAnswer: (empty: boolean) => void;
}

/**
 * After the last units the system knows of in a location: is it really empty? A "no" sends the location to hospital
 * with a count, since the records and the shelf disagree.
 */
export function EmptyCheck({ locationCode, busy, onAnswer }: EmptyCheckProps) {
  return (
    <Stack spacing={2} role="group" aria-labelledby="empty-check-title">
      <Typography id="empty-check-title" variant="h6" component="h2">
        Is {locationCode} empty now?
      </Typography>
      <Typography color="text.secondary">You took the last units the records show there.</Typography>
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          size="large"
          disabled={busy}
          onClick={() => onAnswer(true)}
          sx={{ flex: 1, minHeight: 56 }}
        >
          Yes, empty
        </Button>
        <Button
          variant="outlined"
          color="warning"
          size="large"
          disabled={busy}
          onClick={() => onAnswer(false)}
          sx={{ flex: 1, minHeight: 56 }}
        >
          No, units left
        </Button>
      </Stack>
    </Stack>
  );
}
