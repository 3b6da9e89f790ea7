import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

const register = vi.fn(() => Promise.resolve({}));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  register.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the service worker of the installable app', () => {
  it('starts installing only a few seconds after the page has loaded, not with the first load', () => {
    // jsdom's document has loaded by now: the delay counts from the call.
    expect(document.readyState).toBe('complete');
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    vi.runAllTimers();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });
});
