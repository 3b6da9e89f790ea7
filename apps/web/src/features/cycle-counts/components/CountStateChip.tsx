import { Chip, type ChipProps } from '@mui/material';
import { CYCLE_COUNT_STATE_LABELS, type CycleCountState } from '@wms/contract/cycle-counts';

const COLORS: Record<CycleCountState, ChipProps['color']> = {
  open: 'default',
  counting: 'primary',
  review: 'warning',
  approved: 'success',
  cancelled: 'default',
};

export function CountStateChip({ state }: { state: CycleCountState }) {
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={CYCLE_COUNT_STATE_LABELS[state]} />;
}
