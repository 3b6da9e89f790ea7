import { Chip, type ChipProps } from '@mui/material';
import { statusLabel } from '@wms/contract/status-labels';
import { ColorChip } from './ColorChip';

interface StatusChipProps {
  /** Raw status value, e.g. 'active', 'Order_placed': shown as its readable label. */
  status: string;
  /** A configurable status's own colour (#RRGGBB, e.g. an order status); without it, the fixed colours below. */
  color?: string;
  size?: ChipProps['size'];
}

const COLORS: Record<string, ChipProps['color']> = {
  active: 'success',
  inactive: 'default',
};

/** One label function for every status on screen (contract `statusLabel`), kept here for existing callers. */
export { statusLabel };

/** A status as a chip: its readable label, in its own colour when it has one. */
export function StatusChip({ status, color, size = 'small' }: StatusChipProps) {
  if (color) return <ColorChip label={statusLabel(status)} color={color} size={size} />;
  return <Chip label={statusLabel(status)} color={COLORS[status] ?? 'default'} size={size} variant="outlined" />;
}
