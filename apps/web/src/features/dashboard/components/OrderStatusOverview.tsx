import { Box, Stack, Typography } from '@mui/material';
import type { Dashboard } from '@wms/contract/dashboard';
import { SectionCard } from './SectionCard';

/** A count per order status, with the status's own colour as a marker (the text keeps full contrast). */
export function OrderStatusOverview({ byStatus }: { byStatus: Dashboard['orders']['by_status'] }) {
  return (
    <SectionCard title="Order Status Overview">
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {byStatus.map((entry) => (
          <Stack component="li" key={entry.status} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: entry.color, flexShrink: 0 }} aria-hidden />
            <Typography variant="body2" sx={{ flex: 1 }}>
              {entry.label}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {entry.count.toLocaleString()}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}
