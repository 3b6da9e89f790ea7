import { Chip, type ChipProps } from '@mui/material';
import type { ReplenishmentTaskStatus } from '@wms/contract/replenishment';

export const TASK_STATUS_LABELS: Record<ReplenishmentTaskStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};

const COLORS: Record<ReplenishmentTaskStatus, ChipProps['color']> = {
  open: 'primary',
  in_progress: 'warning',
  done: 'success',
  cancelled: 'default',
};

export function TaskStatusChip({ status, short }: { status: ReplenishmentTaskStatus; short?: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={short ? `${TASK_STATUS_LABELS[status]} (short)` : TASK_STATUS_LABELS[status]}
    />
  );
}
