import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '../src/access';
import { VALIDATION } from '../src/messages';
import { changePasswordSchema, PROFILE_MESSAGES } from '../src/profile';
import { EMAIL_PATTERN, loginSchema, registerSchema } from '../src/validation';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('email pattern (word-and-dot form, any real top-level domain)', () => {
  it.each([
    'a@b.com',
    'first.last@mail.example.org',
    'x_y+tag@shop.io',
    'UPPER@CASE.DE',
    'a@b.museum',
    'sales@company.info',
    'me@my-shop.photography',
    'a@xn--80ak6aa92e.xn--p1ai',
  ])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });
  it.each(['plain', 'a@b', 'a@b.c', 'a b@c.com', '@b.com', 'a@.com', 'a@b.c0m', 'a@-b.com', 'a@b..com'])(
    'rejects %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );
});

describe('loginSchema', () => {
  it('reports each missing field once with the spec message', () => {
    expect(messagesOf(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: VALIDATION.emailRequired,
      password: VALIDATION.passwordRequired,
    });
  });
  it('reports a malformed email', () => {
    expect(messagesOf(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual({
      email: VALIDATION.emailInvalid,
    });
  });
});

describe('registerSchema', () => {
  const valid = {
    name: 'N',
    email: 'n@x.com',
    password: '12345678',
    password_confirmation: '12345678',
    warehouse_ids: [1],
  };
  it('accepts a valid registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });
  it('requires 8 characters and a matching confirmation', () => {
    expect(
      messagesOf(registerSchema.safeParse({ ...valid, password: '1234567', password_confirmation: '1234567' })),
    ).toEqual({
      password: VALIDATION.passwordMin,
    });
    expect(messagesOf(registerSchema.safeParse({ ...valid, password_confirmation: '87654321' }))).toEqual({
      password_confirmation: VALIDATION.passwordsDoNotMatch,
    });
  });
  it('reports a password mismatch together with the other field errors', () => {
    expect(
      messagesOf(
        registerSchema.safeParse({ ...valid, name: '', password_confirmation: '87654321', warehouse_ids: [] }),
      ),
    ).toEqual({
      name: VALIDATION.nameRequired,
      password_confirmation: VALIDATION.passwordsDoNotMatch,
      warehouse_ids: VALIDATION.warehousesRequired,
    });
  });
  it('requires at least one warehouse', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, warehouse_ids: [] }))).toEqual({
      warehouse_ids: VALIDATION.warehousesRequired,
    });
  });
});

describe('default role permissions', () => {
  it('gives super-admin and admin every permission', () => {
    expect([...DEFAULT_ROLE_PERMISSIONS['super-admin']].sort()).toEqual([...PERMISSIONS].sort());
    expect([...DEFAULT_ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort());
  });
  it('keeps managers and clients away from deleting and from user management', () => {
    // Managers run their warehouses' locations, delete included (an empty location only); clients
    // revoke their own API keys and delete their own accounts' webhook subscriptions (configuration, not business
    // data). Nothing else.
    const deletes = { manager: ['delete locations'], client: ['delete api keys', 'delete webhooks'] };
    for (const role of ['manager', 'client'] as const) {
      const granted = DEFAULT_ROLE_PERMISSIONS[role];
      expect(granted.filter((p) => p.startsWith('delete '))).toEqual(deletes[role]);
      expect(granted).not.toContain('create users');
      expect(granted).not.toContain('view roles');
    }
    expect(DEFAULT_ROLE_PERMISSIONS.client).not.toContain('view users');
    expect(DEFAULT_ROLE_PERMISSIONS.client.filter((p) => p.endsWith(' locations'))).toEqual([]);
    expect(DEFAULT_ROLE_PERMISSIONS.manager).toContain('view users');
  });
});

describe('every password error at once', () => {
  it('registration: too short and not matching', () => {
    const result = registerSchema.safeParse({
      name: 'N',
      email: 'n@x.com',
      password: 'short',
      password_confirmation: 'other',
      warehouse_ids: [1],
    });
    expect(messagesOf(result)).toEqual({
      password: VALIDATION.passwordMin,
      password_confirmation: VALIDATION.passwordsDoNotMatch,
    });
  });

  it('password change: too short and not matching', () => {
    const result = changePasswordSchema.safeParse({
      current_password: 'old',
      password: 'short',
      confirm_password: 'other',
    });
    expect(messagesOf(result)).toEqual({
      password: VALIDATION.passwordMin,
      confirm_password: PROFILE_MESSAGES.passwordsDoNotMatch,
    });
  });
});
