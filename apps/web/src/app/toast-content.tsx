import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's default toast colours (white on #43a047 green, #ff9800 orange) fail axe's 4.5:1 contrast; these use
 * the theme's darkened palette instead (README: 0 serious axe violations, toasts included).
 */
export const AccessibleToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main, color: '#ffffff' },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main, color: '#ffffff' },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main, color: '#ffffff' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main, color: '#ffffff' },
}));

export const TOAST_COMPONENTS = {
  success: AccessibleToast,
  warning: AccessibleToast,
  error: AccessibleToast,
  info: AccessibleToast,
  default: AccessibleToast,
};
