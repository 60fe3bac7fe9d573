import { Navigate, Outlet, type RouteObject } from 'react-router';
import { CONSOLE_SCREENS } from '@/app/console-screens.ts';
import { RouteErrorScreen } from '@/app/error-boundary.tsx';
import { lazyScreen } from '@/app/lazy-screen.ts';
import {
  AnySession,
  RequirePermission,
  RequireSession,
  SignedOutOnly,
  UnknownRoute,
} from '@/app/route-guards.tsx';
import { loadConsoleLayout } from '@/app/routes-preload.ts';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';

/** The signed-in screens, from the table the sidebar lists too. */
const consoleRoutes: RouteObject[] = CONSOLE_SCREENS.map(({ path, lazy, permission }) => ({
  path: path.slice(1),
  element: <RequirePermission permission={permission} />,
  children: [{ index: true, lazy }],
}));

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        element: <SignedOutOnly />,
        children: [
          {
            index: true,
            lazy: lazyScreen(
              () => import('@/features/landing/landing-page.tsx'),
              (m) => m.LandingPage,
            ),
          },
          {
            path: 'login',
            lazy: lazyScreen(
              () => import('@/features/auth/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
        ],
      },
      {
        element: <AnySession />,
        children: [
          {
            path: 'admin_root_admin',
            lazy: lazyScreen(
              () => import('@/features/root-admin/root-admin-page.tsx'),
              (m) => m.RootAdminPage,
            ),
          },
          {
            path: 'factory-reset',
            lazy: lazyScreen(
              () => import('@/features/factory-reset/factory-reset-page.tsx'),
              (m) => m.FactoryResetPage,
            ),
          },
        ],
      },
      { path: 'landing', element: <Navigate to="/" replace /> },
      // The reference softphone signs in as an app user, apart from the console's session.
      {
        path: 'app',
        lazy: lazyScreen(
          () => import('@/features/softphone/softphone-page.tsx'),
          (m) => m.SoftphonePage,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: lazyScreen(loadConsoleLayout, (m) => m.ConsoleLayout),
            children: [
              ...consoleRoutes,
              // One user's page, reached from the Users screen and wherever a user is named.
              {
                path: 'users/:id',
                element: <RequirePermission permission="users:read" />,
                children: [
                  {
                    index: true,
                    lazy: lazyScreen(
                      () => import('@/features/users/user-page.tsx'),
                      (m) => m.UserPage,
                    ),
                  },
                ],
              },
              // Every admin's own account, opened from the top bar rather than the sidebar.
              {
                path: 'account',
                lazy: lazyScreen(
                  () => import('@/features/account/account-page.tsx'),
                  (m) => m.AccountPage,
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];
