import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1565c0' },
    // Teal 700: 5.3:1 on white, so secondary text and outlined buttons pass axe's color-contrast (4.5:1).
    secondary: { main: '#00796b' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    // Darker than MUI's defaults so warning/error/success text (outlined chips, buttons, helper texts) keeps a
    // 4.5:1 contrast on white and on their own light tints (axe color-contrast).
    warning: { main: '#a84c00', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    success: { main: '#2e7d32' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Page titles are the h1 (variant h4, component h1); every smaller heading variant is a section heading,
    // one level below (axe heading-order). Numbers shown large say component="p".
    MuiTypography: {
      defaultProps: { variantMapping: { h3: 'h2', h4: 'h2', h5: 'h2', h6: 'h2', subtitle1: 'p', subtitle2: 'p' } },
    },
    // A focus ring anyone can see: keyboard focus only, on every button, link and list item.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid #1565c0', outlineOffset: 2 },
        },
      },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': { outline: '3px solid #1565c0', outlineOffset: 2 } } } },
    // Disabled helper texts stay readable (the field itself shows it is disabled).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
