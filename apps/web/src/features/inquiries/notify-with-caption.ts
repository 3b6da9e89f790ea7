import { enqueueSnackbar } from 'notistack';

/** 'Inquiry submitted successfully' with its caption on a second line (spec 2 §8). */
export const notifySuccessWithCaption = (message: string, caption: string): void => {
  enqueueSnackbar(`${message}\n${caption}`, { variant: 'success', style: { whiteSpace: 'pre-line' } });
};
