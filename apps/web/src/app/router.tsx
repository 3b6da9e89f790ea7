import { isValidElement, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { sessionStore } from '../lib/session/session-store';
import { GuestOnly } from './guard/GuestOnly';
import { RequireAuth } from './guard/RequireAuth';
import { AuthLayout } from './layouts/AuthLayout';
import { AdminLayout } from './layouts/lazy-admin-layout';
import { lazyPage } from './lazy-page';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { APP_ROUTES } from './route-table';

// The signed-in shell's guard (with its placeholder app bar) is not needed to sign in: its own chunk keeps the
// sign-in page's first load within budget (README, e2e/tests/first-load-budget.spec.ts).
const GuardedAdminLayout = lazyPage(() =>
  import('./guard/GuardedAdminLayout').then((m) => ({ default: m.GuardedAdminLayout })),
);
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const SelectAccountPage = lazy(() =>
  import('../features/account-selection/pages/SelectAccountPage').then((m) => ({ default: m.SelectAccountPage })),
);

/** The route of every page inside the admin layout (its guard). */
const SIGNED_IN_ROUTE_ID = 'signed-in';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            element: (
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            ),
          },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        path: 'select-account',
        element: (
          <RequireAuth>
            <SelectAccountPage />
          </RequireAuth>
        ),
      },
      {
        id: SIGNED_IN_ROUTE_ID,
        element: <GuardedAdminLayout />,
        children: [
          ...APP_ROUTES.map(({ path, element, permission, skipAccountCheck, changesPassword, title }) => ({
            path,
            element,
            handle: { permission, skipAccountCheck, changesPassword, title },
          })),
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
]);

// The api client's 401 handling navigates through the router (no full reload, the toast survives).
registerNavigator((path) => {
  void router.navigate(path, { replace: true });
});

/** A route-table page's preload (`lazyPage`), read from its element (`<ThePage />`); none for other elements. */
const preloadOf = (element: ReactNode): (() => Promise<unknown>) | undefined => {
  if (!isValidElement(element) || typeof element.type !== 'object' || element.type === null) return undefined;
  const { preload } = element.type as { preload?: () => Promise<unknown> };
  return typeof preload === 'function' ? preload : undefined;
};

/**
 * What a start on these matched routes fetches ahead of rendering: on a signed-in page with a stored session, the
 * guard's, the shell's and the page's code at once. Left to rendering, each chunk is only asked for once the one
 * above it has arrived and rendered: three round trips and three renders in a row before the page's own code starts
 * to load (on a handheld, `bench/floor-lcp.ts`, that chain was most of the time to a floor screen's heading).
 * Nothing without a session, nor outside the admin layout: the sign-in page's first load stays as it is.
 */
export function signedInPreloads(
  matches: readonly { route: { id?: string; element?: ReactNode } }[],
  hasSession: boolean,
): (() => Promise<unknown>)[] {
  if (!hasSession || !matches.some((match) => match.route.id === SIGNED_IN_ROUTE_ID)) return [];
  const page = preloadOf(matches.at(-1)?.route.element);
  return [GuardedAdminLayout.preload, AdminLayout.preload, ...(page ? [page] : [])];
}

for (const preload of signedInPreloads(router.state.matches, sessionStore.getState().token !== null)) {
  // A failed fetch is left to the render, which tries again and shows the route's error.
  preload().catch(() => undefined);
}
