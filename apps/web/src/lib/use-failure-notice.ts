import { useEffect } from 'react';
import { failureMessage } from './api/failure-message';
import { notifyError } from './notify';

/** Toasts a query's failure once per error (spec 2 §8: load failures are notifications with the screen's text). */
export function useFailureNotice(error: unknown, fallback: string): void {
  useEffect(() => {
    if (!error) return;
    const message = failureMessage(error, fallback);
    if (message) notifyError(message);
  }, [error, fallback]);
}
