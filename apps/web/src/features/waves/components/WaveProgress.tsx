import { Box, LinearProgress, Typography } from '@mui/material';
import { progressPercent } from '../wave-format';

/** Tasks done of all (a short pick counts as done: the supervisor decides the rest). */
export function WaveProgress({ done, total, label }: { done: number; total: number; label: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2">
        {done} / {total} tasks
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progressPercent(done, total)}
        aria-label={`${label}: ${done} of ${total} tasks done`}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
