import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router';

const TABS = [
  { label: 'Invoicing', to: '/billing' },
  { label: 'Dashboard', to: '/billing/dashboard' },
  { label: 'Manual charges', to: '/billing/manual-charges' },
  { label: 'Settings', to: '/billing/settings' },
] as const;

/** The staff billing screens side by side: each tab is a link, so every screen has its own URL. */
export function BillingTabs() {
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.to === pathname)?.to ?? false;
  return (
    <Tabs
      value={current}
      aria-label="Billing sections"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab key={tab.to} label={tab.label} value={tab.to} component={Link} to={tab.to} />
      ))}
    </Tabs>
  );
}
