import { notificationRootKeys } from '../../lib/query-keys/shared-keys';

/** The caller's API keys, and the accounts a new key may be limited to. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  accounts: ['api-keys', 'accounts'] as const,
};

/** Under the notifications root with the bell's queries, so invalidating notifications refreshes these too. */
export const notificationPreferencesKey = [...notificationRootKeys.all, 'preferences'] as const;

/** The installation's packing settings (GS1 company prefix, SSCC extension digit). */
export const packingSettingsKey = ['settings', 'packing'] as const;
