import { enqueueSnackbar } from 'notistack';

/**
 * Notifications callable from outside React (the api client, guards). notistack's global enqueueSnackbar reaches
 * the SnackbarProvider mounted in app/providers; position and duplicate suppression are configured there.
 */
export const notifyError = (message: string): void => {
  enqueueSnackbar(message, { variant: 'error', style: { whiteSpace: 'pre-line' } });
};

export const notifySuccess = (message: string): void => {
  enqueueSnackbar(message, { variant: 'success' });
};

export const notifyWarning = (message: string): void => {
  enqueueSnackbar(message, { variant: 'warning' });
};

export const notifyInfo = (message: string): void => {
  enqueueSnackbar(message, { variant: 'info' });
};
