/**
 * Lets non-React code (the api client's 401 handling) navigate through the router instead of reloading the page.
 * The router registers itself at start-up; before that (or in unit tests) a full page load is the fallback.
 */
type Navigator = (path: string) => void;

let navigator: Navigator = (path) => window.location.assign(path);

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string): void {
  navigator(path);
}

/** Spec 1 §8: the paths on which a 401 is expected and stays silent. */
export const AUTH_PATHS = ['/login', '/register'] as const;

export const isOnAuthPath = (pathname: string = window.location.pathname): boolean =>
  AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** The query parameter that carries the page a signed-out visitor asked for through sign-in. */
export const RETURN_PARAM = 'returnTo';

/**
 * Set when the user ends the session themselves (logout, password change): sign-in then starts afresh instead of
 * returning to the page they left. Cleared by the next sign-in.
 */
let signedOutDeliberately = false;
export const markDeliberateSignOut = (): void => {
  signedOutDeliberately = true;
};
export const clearDeliberateSignOut = (): void => {
  signedOutDeliberately = false;
};

/** '/login?returnTo=%2Fproducts%2F12' for a deep link; plain '/login' for the start pages. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  if (signedOutDeliberately) return '/login';
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (location.pathname === '/' || location.pathname === '/dashboard' || isOnAuthPath(location.pathname)) {
    return '/login';
  }
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: target })}`;
}

/**
 * Where to go after signing in: the page asked for, when it is a path of this app (never another origin:
 * '//evil.example' and 'https://…' are refused), else the dashboard.
 */
export function returnPathFrom(search: string): string {
  const target = new URLSearchParams(search).get(RETURN_PARAM);
  const isAppPath = target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  if (!target || !isAppPath || isOnAuthPath(target.split(/[?#]/)[0])) return '/dashboard';
  return target;
}
