import { useCallback, useState } from 'react';

/**
 * What a confirmation dialog is about. The target outlives `open` so the dialog's text does not go blank while
 * it fades out.
 */
export function useConfirmTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean }>({ target: null, open: false });
  const ask = useCallback((target: T) => setState({ target, open: true }), []);
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  return { target: state.target, open: state.open, ask, close };
}
