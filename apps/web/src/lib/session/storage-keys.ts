/** Spec 1 §9: the browser local storage keys. Other code reads them only through the session store. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  selectedAccount: 'selectedAccount',
  selectedWarehouse: 'selectedWarehouse',
} as const;
