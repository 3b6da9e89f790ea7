import { Box, Container, Paper, Typography } from '@mui/material';
import { Outlet } from 'react-router';
import { BrandMark } from '../../components/BrandMark';

/** Spec 1 §2.1: sign-in and registration share a centred container with the warehouse icon and WMS above. */
export function AuthLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        py: 4,
        background: 'linear-gradient(135deg, #e3f2fd 0%, #f4f6f9 55%, #e0f2f1 100%)',
      }}
    >
      <Container maxWidth="sm">
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
          <BrandMark size="large" color="primary.main" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Warehouse Management System
          </Typography>
        </Box>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, boxShadow: '0 8px 24px rgba(21,101,192,0.08)' }}
        >
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
