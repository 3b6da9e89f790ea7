import { Box, LinearProgress, Typography } from '@mui/material';
import { stockLevel, TONE_PALETTE } from '../stock-rules';

/** Spec §4: available / on hand, coloured negative (≤ 0), warning (≤ 0.2) or positive. */
export function StockLevelBar({ available, onHand }: { available: number; onHand: number }) {
  const level = stockLevel(available, onHand);
  const color = TONE_PALETTE[level.tone];
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
        <Typography variant="body2" color="text.secondary">
          Stock level
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {level.percent}% available
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={level.percent}
        color={color === 'default' ? 'inherit' : color}
        aria-label="Stock level"
        data-tone={level.tone}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, display: 'block' }}>
        {available.toLocaleString()} of {onHand.toLocaleString()} on hand are available
      </Typography>
    </Box>
  );
}
