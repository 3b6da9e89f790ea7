import { useSyncExternalStore } from 'react';
import { type SessionState, sessionStore } from './sessionStore';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
