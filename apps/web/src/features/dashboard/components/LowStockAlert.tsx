import { Stack, Typography } from '@mui/material';
import type { Dashboard } from '@wms/contract/dashboard';
import { SectionCard } from './SectionCard';

export function LowStockAlert({ items }: { items: Dashboard['inventory']['low_stock_items'] }) {
  return (
    <SectionCard title="Low Stock Alert" action={{ label: 'View All', to: '/inventories?filter=low-stock' }}>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing is running low.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Stack component="li" key={item.id} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {item.product.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {item.product.sku}
                </Typography>
              </Stack>
              <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 600 }}>
                {item.quantity_available} available
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
