import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom } from './navigation';

describe('sign-in return path', () => {
  it('carries a deep link through sign-in', () => {
    const login = loginPathFor({ pathname: '/inventories/7', search: '?tab=history' });
    expect(login).toBe('/login?returnTo=%2Finventories%2F7%3Ftab%3Dhistory');
    expect(returnPathFrom(login.slice('/login'.length))).toBe('/inventories/7?tab=history');
  });
  it('keeps plain /login for the start pages', () => {
    expect(loginPathFor({ pathname: '/dashboard' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login' })).toBe('/login');
  });
  it('never leaves the app', () => {
    expect(returnPathFrom('?returnTo=//evil.example/x')).toBe('/dashboard');
    expect(returnPathFrom('?returnTo=https://evil.example')).toBe('/dashboard');
    expect(returnPathFrom('?returnTo=/\\evil.example')).toBe('/dashboard');
    expect(returnPathFrom('?returnTo=/login')).toBe('/dashboard');
    expect(returnPathFrom('')).toBe('/dashboard');
  });
});
