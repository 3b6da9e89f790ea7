import { Box, Button, Typography } from '@mui/material';
import { useRouteError } from 'react-router';
import { BrandMark } from '../components/BrandMark';

/** Last resort for a render error or a failed chunk download (e.g. after a deploy replaced the build). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.';
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <BrandMark size="large" color="primary.main" />
        <Typography variant="h5" component="h1" sx={{ mt: 3 }}>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {message}
        </Typography>
        <Button variant="contained" onClick={() => window.location.assign('/dashboard')}>
          Reload the application
        </Button>
      </Box>
    </Box>
  );
}
