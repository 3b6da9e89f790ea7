import { AppBar, Box, Toolbar } from '@mui/material';
import { BrandMark } from '../../components/BrandMark';
import { LoadingState } from '../../components/LoadingState';

/**
 * What a signed-in page shows while the layout's code arrives: the same top bar and a loading main area, so
 * the app never starts on a blank screen. Light: no drawer, selectors or queries.
 */
export function ShellPlaceholder() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <BrandMark color="primary.main" />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 3 }}>
        <Toolbar />
        <LoadingState />
      </Box>
    </Box>
  );
}
