import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Spec §4 Draft: while there are unsaved changes the browser warns before leaving the page, and in-app navigation
 * asks first (the returned blocker drives the prompt: proceed or reset).
 */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
}
