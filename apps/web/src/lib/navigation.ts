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
