import { contextKeys } from '../../lib/query-keys/shared-keys';

/**
 * The account selection page caches nothing of its own: it reads the header's account list (lib/context), so an
 * account created or changed anywhere refreshes it through the shared key.
 */
export const accountSelectionKeys = {
  accounts: contextKeys.accounts,
};
