import { Chip, Stack, Typography } from '@mui/material';
import type { Dashboard } from '@wms/contract/dashboard';
import { SectionCard } from './SectionCard';

export function WarehouseOverview({ warehouses }: { warehouses: Dashboard['warehouses'] }) {
  return (
    <SectionCard title="Warehouse Overview" action={{ label: 'View All', to: '/warehouses' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {warehouses.active_warehouses} active of {warehouses.total_warehouses} you can access
      </Typography>
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {warehouses.warehouse_inventory.map((w) => (
          <Stack component="li" key={w.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {w.name} ({w.code})
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {[w.city, w.state].filter(Boolean).join(', ')} · {w.available_inventory.toLocaleString()} units
                available
              </Typography>
            </Stack>
            <Chip
              size="small"
              variant="outlined"
              label={w.is_active ? 'Active' : 'Inactive'}
              color={w.is_active ? 'success' : 'default'}
            />
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}
