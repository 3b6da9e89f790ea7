import { Box } from '@mui/material';

/** A tracking number kept whole (they broke mid-string): it moves to the next line as one unit. */
export function TrackingNumber({ value }: { value: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', wordBreak: 'keep-all' }}>
      {value}
    </Box>
  );
}
