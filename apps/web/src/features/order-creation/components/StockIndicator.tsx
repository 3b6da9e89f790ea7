import { Chip } from '@mui/material';
import { SECTION_STOCK_LABELS, type SectionStock, sectionStockStatus } from '@wms/contract/order-creation';
import type { SectionProduct } from '../sections';

const COLORS: Record<SectionStock, 'error' | 'warning' | 'success'> = {
  backorder: 'error',
  out_of_stock: 'error',
  low_stock: 'warning',
  in_stock: 'success',
};

/** Spec §4: the section's stock state from its quantities and what was available when each product was added. */
export function StockIndicator({ products }: { products: readonly SectionProduct[] }) {
  const status = sectionStockStatus(products.map((p) => ({ quantity: p.quantity, available: p.quantity_available })));
  if (!status) return null;
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      label={SECTION_STOCK_LABELS[status]}
      data-testid="stock-indicator"
      variant={status === 'in_stock' ? 'outlined' : 'filled'}
    />
  );
}
