import { ERRORS } from '@wms/contract/messages';
import { type SessionState, sessionStore } from './session-store';

export const READINESS_POLL_MS = 100;
export const READINESS_TIMEOUT_MS = 5000;

export interface ClientContext {
  accountId: number;
  warehouseId: number;
}

interface ReadinessOptions {
  readState?: () => SessionState;
  pollMs?: number;
  timeoutMs?: number;
}

/**
 * @deprecated Use `useContextQuery` (lib/context): it waits for the selection and keys the query on it, so a
 * change of context refetches instead of keeping a list of the old one. Kept for code written against it.
 *
 * Client lists are scoped by the selected account and warehouse, which the layout selects asynchronously after
 * its lists load. Lists wait here for both to exist (spec 1 §8, spec 2 conventions) instead of loading unscoped.
 */
export function waitForClientContext(options: ReadinessOptions = {}): Promise<ClientContext> {
  const readState = options.readState ?? sessionStore.getState;
  const pollMs = options.pollMs ?? READINESS_POLL_MS;
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;

  const current = (): ClientContext | null => {
    const { selectedAccount, selectedWarehouse } = readState();
    return selectedAccount && selectedWarehouse
      ? { accountId: selectedAccount.id, warehouseId: selectedWarehouse.id }
      : null;
  };

  return new Promise((resolve, reject) => {
    const ready = current();
    if (ready) {
      resolve(ready);
      return;
    }
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const context = current();
      if (context) {
        clearInterval(timer);
        resolve(context);
      } else if (Date.now() - startedAt >= timeoutMs) {
        clearInterval(timer);
        reject(new Error(ERRORS.readinessTimeout));
      }
    }, pollMs);
  });
}
