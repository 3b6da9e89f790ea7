import { Chip, type ChipProps } from '@mui/material';
import { WAVE_STATUS_LABELS, type WaveStatus } from '@wms/contract/waves';

const COLORS: Record<WaveStatus, ChipProps['color']> = {
  open: 'primary',
  picking: 'warning',
  picked: 'success',
  cancelled: 'default',
};

export function WaveStatusChip({ status }: { status: WaveStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={WAVE_STATUS_LABELS[status]} />;
}
