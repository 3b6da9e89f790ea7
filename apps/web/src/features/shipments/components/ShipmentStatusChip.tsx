import { Chip } from '@mui/material';
import { SHIPMENT_STATUS_COLORS, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@wms/contract/shipments';

/** Spec 2 §4: pending orange, verified positive, rejected negative. */
export function ShipmentStatusChip({ status }: { status: ShipmentStatus }) {
  return (
    <Chip
      size="small"
      label={SHIPMENT_STATUS_LABELS[status]}
      color={SHIPMENT_STATUS_COLORS[status]}
      variant={status === 'pending' ? 'outlined' : 'filled'}
    />
  );
}
