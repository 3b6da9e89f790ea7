import { Chip } from '@mui/material';
import type { ProductKind } from '@wms/contract/kits';

/** The kind as the screens name it (the product form, lists and searches). */
export const KIND_LABELS: Record<ProductKind, string> = {
  standard: 'Standard',
  bundle: 'Bundle',
  assembled: 'Assembled kit',
};

/**
 * The small kind badge of lists and searches (products, inventory, the order's product search); nothing for a
 * standard product, so the common case stays quiet.
 */
export function KindBadge({ kind }: { kind: ProductKind }) {
  if (kind === 'standard') return null;
  return (
    <Chip
      size="small"
      label={KIND_LABELS[kind]}
      color={kind === 'bundle' ? 'secondary' : 'primary'}
      variant="outlined"
      sx={{ height: 20, fontSize: 12, ml: 0.5, verticalAlign: 'middle' }}
    />
  );
}
