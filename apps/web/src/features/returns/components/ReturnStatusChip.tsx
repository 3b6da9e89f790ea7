import { Chip, type ChipProps } from '@mui/material';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@wms/contract/returns';

const COLORS: Record<ReturnStatus, ChipProps['color']> = {
  announced: 'primary',
  in_transit: 'info',
  received: 'warning',
  closed: 'success',
  cancelled: 'default',
};

/** A return's status as a chip (received: units may still wait in quarantine). */
export function ReturnStatusChip({ status }: { status: ReturnStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={RETURN_STATUS_LABELS[status]}
      data-testid="return-status"
    />
  );
}
