import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Drawer, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { LoadingState } from '../../components/LoadingState';
import { OfflineSyncStatus } from '../../components/OfflineSyncStatus';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { useAccountSelection, useWarehouseSelection } from './context/use-context-selection';
import { DRAWER_SELECTORS_QUERY, DRAWER_WIDTH, HEADER_SELECTORS_QUERY, PERMANENT_DRAWER_QUERY } from './layout-metrics';
import { UserMenu } from './UserMenu';

// The menu (its icons, list items and the drawer's selectors) and the header's selectors are chunks of their own: a
// phone opening a floor screen shows neither (the drawer is built when first opened), so its first load does not
// wait for their code, one small file each on a six-connection HTTP/1.1 queue.
const NavigationMenu = lazy(() => import('./NavigationMenu').then((m) => ({ default: m.NavigationMenu })));
const HeaderSelectors = lazy(() => import('./context/HeaderSelectors').then((m) => ({ default: m.HeaderSelectors })));

/**
 * Spec 1 §4's quiet auto-selection of the first warehouse (and a client's account), whether or not a selector is
 * on screen: on phones the selectors live in the drawer, which is only built when first opened.
 */
function ContextAutoSelection() {
  useWarehouseSelection();
  useAccountSelection();
  return null;
}

/** Spec 1 §2.4: top bar, left drawer menu, context selectors and the user menu around every signed-in page. */
export function AdminLayout() {
  // noSsr: read the real width on the first render, so the drawer does not flash from one mode to the other.
  const permanentDrawer = useMediaQuery(PERMANENT_DRAWER_QUERY, { noSsr: true });
  const selectorsInHeader = useMediaQuery(HEADER_SELECTORS_QUERY, { noSsr: true });
  const selectorsInDrawer = useMediaQuery(DRAWER_SELECTORS_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // On phones the menu drawer (half the page's elements with its selectors) is built when first opened, not
  // before the page: a handheld's first paint of a floor screen does not wait for a menu nobody opened yet.
  // Once built it stays (keepMounted): reopening it is instant.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const openDrawer = () => {
    setDrawerBuilt(true);
    setDrawerOpen(true);
  };

  const menu = (
    <Suspense fallback={null}>
      <NavigationMenu
        showSelectors={selectorsInDrawer}
        onNavigate={permanentDrawer ? undefined : () => setDrawerOpen(false)}
      />
    </Suspense>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <ContextAutoSelection />
      <AppBar
        position="fixed"
        color="inherit"
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          {!permanentDrawer && (
            <IconButton edge="start" aria-label="Open menu" onClick={openDrawer}>
              <MenuIcon />
            </IconButton>
          )}
          <Box component={Link} to="/dashboard" sx={{ textDecoration: 'none' }} aria-label="WMS home">
            <BrandMark color="primary.main" />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {selectorsInHeader && (
            <Suspense fallback={null}>
              <HeaderSelectors />
            </Suspense>
          )}
          <OfflineSyncStatus />
          <NotificationBell />
          <UserMenu />
        </Toolbar>
      </AppBar>

      <Drawer
        variant={permanentDrawer ? 'permanent' : 'temporary'}
        open={permanentDrawer || drawerOpen}
        onClose={() => setDrawerOpen(false)}
        ModalProps={{ keepMounted: drawerBuilt }}
        // On phones the drawer is a modal dialog: it needs a name (axe aria-dialog-name).
        slotProps={{ paper: permanentDrawer ? {} : { 'aria-label': 'Navigation menu' } }}
        sx={{
          width: permanentDrawer ? DRAWER_WIDTH : undefined,
          flexShrink: 0,
          // The docked drawer's own box spans the whole page height (the paper is fixed to the viewport), so the
          // sidebar's background reaches the bottom of long pages too.
          ...(permanentDrawer && {
            alignSelf: 'stretch',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
          }),
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {menu}
      </Drawer>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
