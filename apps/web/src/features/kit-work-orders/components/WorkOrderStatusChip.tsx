import { Chip, type ChipProps } from '@mui/material';
import type { KitWorkOrderStatus } from '@wms/contract/kit-work-orders';

const LABELS: Record<KitWorkOrderStatus, string> = { open: 'Open', completed: 'Completed', cancelled: 'Cancelled' };
const COLORS: Record<KitWorkOrderStatus, ChipProps['color']> = {
  open: 'primary',
  completed: 'success',
  cancelled: 'default',
};

export function WorkOrderStatusChip({ status }: { status: KitWorkOrderStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={LABELS[status]} />;
}
