import type { Account, User, Warehouse } from '@wms/contract/entities';
import { clearDeliberateSignOut } from '../navigation';
import { STORAGE_KEYS } from './storage-keys';

export interface SessionState {
  token: string | null;
  user: User | null;
  selectedAccount: Account | null;
  selectedWarehouse: Warehouse | null;
}

type Listener = () => void;

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // A hand-edited or truncated value must not crash the app; treat it as absent.
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

function readFromStorage(): SessionState {
  return {
    token: localStorage.getItem(STORAGE_KEYS.token),
    user: readJson<User>(STORAGE_KEYS.user),
    selectedAccount: readJson<Account>(STORAGE_KEYS.selectedAccount),
    selectedWarehouse: readJson<Warehouse>(STORAGE_KEYS.selectedWarehouse),
  };
}

/**
 * The one owner of the four persisted session values. localStorage stays the source of truth (so a reload,
 * another tab or the e2e fixtures that write it directly are honoured); the snapshot is cached so React's
 * useSyncExternalStore sees a stable object between changes.
 */
class SessionStore {
  private state: SessionState = readFromStorage();
  private readonly listeners = new Set<Listener>();

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Re-read localStorage, e.g. after another tab changed it or storage was cleared wholesale. */
  reload(): void {
    this.state = readFromStorage();
    this.emit();
  }

  signIn(token: string, user: User): void {
    clearDeliberateSignOut();
    localStorage.setItem(STORAGE_KEYS.token, token);
    writeJson(STORAGE_KEYS.user, user);
    this.update({ token, user });
  }

  setUser(user: User): void {
    writeJson(STORAGE_KEYS.user, user);
    this.update({ user });
  }

  /** What a 401 answer does: token and user go, the context selection stays. */
  clearCredentials(): void {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    this.update({ token: null, user: null });
  }

  /** What a failed authentication check does: credentials and both selections go. */
  clearAll(): void {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    this.update({ token: null, user: null, selectedAccount: null, selectedWarehouse: null });
  }

  selectAccount(account: Account | null): void {
    writeJson(STORAGE_KEYS.selectedAccount, account);
    this.update({ selectedAccount: account });
  }

  selectWarehouse(warehouse: Warehouse | null): void {
    writeJson(STORAGE_KEYS.selectedWarehouse, warehouse);
    this.update({ selectedWarehouse: warehouse });
  }

  private update(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const sessionStore = new SessionStore();

/** Spec 1 §4: authenticated only when both a token and a user are stored. */
export const isAuthenticated = (state: SessionState): boolean => Boolean(state.token && state.user);
