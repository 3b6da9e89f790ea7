import { isAuthenticated, type SessionState } from '../../lib/session/session-store';
import type { GuardSession } from './decide-guard';

export const toGuardSession = (state: SessionState): GuardSession => ({
  authenticated: isAuthenticated(state),
  role: state.user?.role ?? null,
  permissions: state.user?.permissions ?? [],
  hasSelectedAccount: state.selectedAccount !== null,
  mustChangePassword: state.user?.must_change_password === true,
});
