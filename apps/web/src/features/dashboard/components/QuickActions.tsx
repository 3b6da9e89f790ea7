import { Button, Stack } from '@mui/material';
import { Link } from 'react-router';
import { SectionCard } from './SectionCard';

const COMMON = [
  { label: 'New Order', to: '/orders/create' },
  { label: 'View Orders', to: '/orders' },
];
const MANAGER = [
  { label: 'Pending Orders', to: '/orders?status=pending' },
  { label: 'Processing Orders', to: '/orders?status=processing' },
];
const OTHERS = [
  { label: 'Products', to: '/products' },
  { label: 'Accounts', to: '/accounts' },
  { label: 'Inventory', to: '/inventories' },
];

/** Spec 1 §2.5 Quick Actions per role. */
export function QuickActions({ isManager }: { isManager: boolean }) {
  const actions = [...COMMON, ...(isManager ? MANAGER : OTHERS)];
  return (
    <SectionCard title="Quick Actions">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => (
          <Button key={action.to} component={Link} to={action.to} variant="outlined" size="small">
            {action.label}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}
