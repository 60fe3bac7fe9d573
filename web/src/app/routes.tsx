import type { ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { CONSOLE_SCREENS, STANDALONE_ENTRIES } from '@/app/console-screens.ts';
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
import { ConsoleWhenSignedIn } from '@/app/session-frame.tsx';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** Names the browser tab after the route's screen ("Calls · Switchboard"), then renders the route's children. */
function ScreenTitle({ title, children = <Outlet /> }: { title?: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

const standaloneTitle = (path: string) => STANDALONE_ENTRIES.find((e) => e.path === path)?.title;

/** A route that only sets the title of the routes under it. */
const titled = (title: string | undefined, children: RouteObject[]): RouteObject => ({
  element: <ScreenTitle title={title} />,
  children,
});

/** The signed-in screens, from the table the sidebar lists too. */
const consoleRoutes: RouteObject[] = CONSOLE_SCREENS.map(({ path, lazy, permission, title }) => ({
  path: path.slice(1),
  element: (
    <ScreenTitle title={title}>
      <RequirePermission permission={permission} />
    </ScreenTitle>
  ),
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
          titled(undefined, [
            {
              index: true,
              lazy: lazyScreen(
                () => import('@/features/landing/landing-page.tsx'),
                (m) => m.LandingPage,
              ),
            },
          ]),
          titled('Sign In', [
            {
              path: 'login',
              lazy: lazyScreen(
                () => import('@/features/auth/login-page.tsx'),
                (m) => m.LoginPage,
              ),
            },
          ]),
        ],
      },
      {
        element: <AnySession />,
        children: [
          {
            // Signed in, inside the console (with the sidebar), not a full-screen dead end.
            element: <ConsoleWhenSignedIn />,
            children: [
              titled(standaloneTitle('/admin_root_admin'), [
                {
                  path: 'admin_root_admin',
                  lazy: lazyScreen(
                    () => import('@/features/root-admin/root-admin-page.tsx'),
                    (m) => m.RootAdminPage,
                  ),
                },
              ]),
            ],
          },
          titled(standaloneTitle('/factory-reset'), [
            {
              path: 'factory-reset',
              lazy: lazyScreen(
                () => import('@/features/factory-reset/factory-reset-page.tsx'),
                (m) => m.FactoryResetPage,
              ),
            },
          ]),
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
              titled('Account', [
                {
                  path: 'account',
                  lazy: lazyScreen(
                    () => import('@/features/account/account-page.tsx'),
                    (m) => m.AccountPage,
                  ),
                },
              ]),
            ],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];
