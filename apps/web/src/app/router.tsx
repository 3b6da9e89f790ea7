import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { GuestOnly } from './guard/GuestOnly';
import { RequireAuth } from './guard/RequireAuth';
import { AuthLayout } from './layouts/AuthLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { APP_ROUTES } from './route-table';

// The signed-in shell's guard (with its placeholder app bar) is not needed to sign in: its own chunk keeps the
// sign-in page's first load within budget (README, e2e/tests/first-load-budget.spec.ts).
const GuardedAdminLayout = lazy(() =>
  import('./guard/GuardedAdminLayout').then((m) => ({ default: m.GuardedAdminLayout })),
);
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const SelectAccountPage = lazy(() =>
  import('../features/account-selection/pages/SelectAccountPage').then((m) => ({ default: m.SelectAccountPage })),
);

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
