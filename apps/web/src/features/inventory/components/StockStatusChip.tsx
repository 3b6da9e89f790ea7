import { Chip, type ChipProps } from '@mui/material';
import { stockStatusView, TONE_PALETTE } from '../stock-rules';

/** Spec §4: Out of Stock / Low Stock / In Stock / Unknown from the available quantity. */
export function StockStatusChip({
  available,
  size = 'small',
}: {
  available: number | null | undefined;
  size?: ChipProps['size'];
}) {
  const { label, tone } = stockStatusView(available);
  return (
    <Chip label={label} color={TONE_PALETTE[tone]} size={size} variant={tone === 'neutral' ? 'outlined' : 'filled'} />
  );
}
