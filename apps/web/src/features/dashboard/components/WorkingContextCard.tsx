import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { Account, Warehouse } from '@wms/contract/entities';

interface WorkingContextCardProps {
  warehouse: Warehouse | null;
  account: Account | null;
  showAccount: boolean;
}

function ContextLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** What the user's lists will be scoped to: the warehouse (and, for clients, the account) selected in the header. */
export function WorkingContextCard({ warehouse, account, showAccount }: WorkingContextCardProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          Working Context
        </Typography>
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <ContextLine
            label="Warehouse"
            value={warehouse ? `${warehouse.name} (${warehouse.code})` : 'No warehouse selected'}
          />
          {showAccount && <ContextLine label="Account" value={account?.name ?? 'No account selected'} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
