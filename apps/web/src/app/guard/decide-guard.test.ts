import { DEFAULT_ROLE_PERMISSIONS, type RoleName } from '@wms/contract/access';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../route-table';
import { decideGuard, type GuardSession } from './decide-guard';

const session = (role: RoleName, overrides: Partial<GuardSession> = {}): GuardSession => ({
  authenticated: true,
  role,
  permissions: DEFAULT_ROLE_PERMISSIONS[role],
  hasSelectedAccount: false,
  ...overrides,
});

const route = (path: string) => {
  const found = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('decideGuard (spec 1 §2.3)', () => {
  it('sends an unauthenticated visitor to login, whatever the route', () => {
    const anonymous: GuardSession = { authenticated: false, role: null, permissions: [], hasSelectedAccount: false };
    expect(decideGuard(anonymous, route('dashboard'))).toBe('login');
    expect(decideGuard(anonymous, route('accounts'))).toBe('login');
    expect(decideGuard(anonymous, {})).toBe('login');
  });

  it('sends a client without a selected account to account selection', () => {
    expect(decideGuard(session('client'), route('dashboard'))).toBe('select-account');
    expect(decideGuard(session('client'), route('orders'))).toBe('select-account');
  });

  it('lets a client without an account reach the three account routes', () => {
    expect(decideGuard(session('client'), route('accounts'))).toBe('ok');
    expect(decideGuard(session('client'), route('accounts/create'))).toBe('ok');
    expect(decideGuard(session('client'), route('accounts/:id/edit'))).toBe('ok');
  });

  it('checks the account before the permission (a client without an account never sees a denial first)', () => {
    expect(decideGuard(session('client'), route('users'))).toBe('select-account');
  });

  it('does not ask staff for an account', () => {
    for (const role of ['super-admin', 'admin', 'manager'] as const) {
      expect(decideGuard(session(role), route('dashboard'))).toBe('ok');
    }
  });

  it('denies a route whose permission the user lacks', () => {
    const client = session('client', { hasSelectedAccount: true });
    expect(decideGuard(client, route('users'))).toBe('forbidden');
    expect(decideGuard(client, route('roles'))).toBe('forbidden');
    expect(decideGuard(client, route('statuses'))).toBe('forbidden');
    expect(decideGuard(session('manager'), route('users/create'))).toBe('forbidden');
  });

  it('allows a route whose permission the user holds', () => {
    const client = session('client', { hasSelectedAccount: true });
    expect(decideGuard(client, route('orders'))).toBe('ok');
    expect(decideGuard(client, route('orders/create'))).toBe('ok');
    expect(decideGuard(session('manager'), route('users'))).toBe('ok');
    expect(decideGuard(session('admin'), route('roles'))).toBe('ok');
  });

  it('allows routes without a permission to every signed-in user', () => {
    const bare = session('manager', { permissions: [] });
    expect(decideGuard(bare, route('dashboard'))).toBe('ok');
    expect(decideGuard(bare, route('setting'))).toBe('ok');
    expect(decideGuard(bare, route('warehouses'))).toBe('forbidden');
  });
});

describe('decideGuard: forced password change', () => {
  const mustChange = (role: RoleName) => session(role, { mustChangePassword: true, hasSelectedAccount: true });

  it('sends a user with the initial password to /setting from any other route', () => {
    expect(decideGuard(mustChange('manager'), route('dashboard'))).toBe('change-password');
    expect(decideGuard(mustChange('admin'), route('users'))).toBe('change-password');
    expect(decideGuard(mustChange('client'), route('orders'))).toBe('change-password');
  });

  it('lets them open /setting, even a client without an account', () => {
    expect(decideGuard(mustChange('manager'), route('setting'))).toBe('ok');
    expect(decideGuard(session('client', { mustChangePassword: true }), route('setting'))).toBe('ok');
  });

  it('still asks for sign-in first', () => {
    const anonymous: GuardSession = {
      authenticated: false,
      role: null,
      permissions: [],
      hasSelectedAccount: false,
      mustChangePassword: true,
    };
    expect(decideGuard(anonymous, route('setting'))).toBe('login');
  });

  it('leaves everyone else alone', () => {
    expect(decideGuard(session('manager', { mustChangePassword: false }), route('dashboard'))).toBe('ok');
  });
});
