import BusinessIcon from '@mui/icons-material/Business';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { Account } from '@wms/contract/entities';
import { StatusChip } from '../../../components/StatusChip';

interface AccountCardProps {
  account: Account;
  selectable: boolean;
  selected: boolean;
  onSelect: () => void;
}

export function AccountCard({ account, selectable, selected, onSelect }: AccountCardProps) {
  const warehouses = account.warehouses.map((warehouse) => warehouse.name).join(', ');
  return (
    <Card
      sx={{
        height: '100%',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(21,101,192,0.04)' : selectable ? 'background.paper' : 'action.hover',
        opacity: selectable ? 1 : 0.6,
      }}
    >
      <CardActionArea disabled={!selectable} onClick={onSelect} aria-pressed={selected} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <BusinessIcon color={selectable ? 'primary' : 'disabled'} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
                {account.name}
              </Typography>
              {warehouses && (
                <Typography variant="body2" color="text.secondary" noWrap>
                  {warehouses}
                </Typography>
              )}
              <Box sx={{ mt: 1.5 }}>
                <StatusChip status={account.status} />
              </Box>
            </Box>
            {selected && <CheckCircleIcon color="primary" />}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
