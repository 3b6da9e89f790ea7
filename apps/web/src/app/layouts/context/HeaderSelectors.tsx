import { Stack } from '@mui/material';
import { AccountSelector } from './AccountSelector';
import { WarehouseSelector } from './WarehouseSelector';

/** The working-context selectors in the top bar (wide screens; on phones the drawer carries them). */
export function HeaderSelectors() {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <WarehouseSelector />
      <AccountSelector />
    </Stack>
  );
}
