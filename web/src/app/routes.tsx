import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/app/error-boundary.tsx';
import { AnySession, RequireSession, SignedOutOnly, UnknownRoute } from '@/app/route-guards.tsx';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';

/** Route-level code splitting: each screen is its own chunk, loaded on first visit. */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] =>
  async () => ({ Component: pick(await load()) });

/** The signed-in screens of spec §2 (the sidebar lists the same paths). */
const consoleRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: screen(
      () => import('@/features/dashboard/dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'analytics',
    lazy: screen(
      () => import('@/features/dashboard/dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'users',
    lazy: () => import('@/features/users/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: 'calls',
    lazy: screen(
      () => import('@/features/calls/calls-page.tsx'),
      (m) => m.CallsPage,
    ),
  },
  {
    path: 'coin-management',
    lazy: screen(
      () => import('@/features/coins/coins-page.tsx'),
      (m) => m.CoinsPage,
    ),
  },
  {
    path: 'notifications',
    lazy: screen(
      () => import('@/features/notifications/notifications-page.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: 'database',
    lazy: screen(
      () => import('@/features/database/database-page.tsx'),
      (m) => m.DatabasePage,
    ),
  },
  {
    path: 'security',
    lazy: screen(
      () => import('@/features/security/security-page.tsx'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: 'system-logs',
    lazy: screen(
      () => import('@/features/system-logs/system-logs-page.tsx'),
      (m) => m.SystemLogsPage,
    ),
  },
  {
    path: 'user-reports',
    lazy: screen(
      () => import('@/features/user-reports/user-reports-page.tsx'),
      (m) => m.UserReportsPage,
    ),
  },
  {
    path: 'geolocation',
    lazy: screen(
      () => import('@/features/geolocation/geolocation-page.tsx'),
      (m) => m.GeolocationPage,
    ),
  },
  {
    path: 'social-interactions',
    lazy: screen(
      () => import('@/features/social/social-page.tsx'),
      (m) => m.SocialPage,
    ),
  },
  {
    path: 'official-messaging',
    lazy: screen(
      () => import('@/features/official-messages/official-messages-page.tsx'),
      (m) => m.OfficialMessagesPage,
    ),
  },
  {
    path: 'settings',
    lazy: screen(
      () => import('@/features/settings/settings-page.tsx'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: 'performance',
    lazy: screen(
      () => import('@/features/performance/performance-page.tsx'),
      (m) => m.PerformancePage,
    ),
  },
  {
    path: 'monitor',
    lazy: screen(
      () => import('@/features/monitor/monitor-page.tsx'),
      (m) => m.MonitorPage,
    ),
  },
];

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
            lazy: screen(
              () => import('@/features/landing/landing-page.tsx'),
              (m) => m.LandingPage,
            ),
          },
          {
            path: 'login',
            lazy: screen(
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
            lazy: screen(
              () => import('@/features/root-admin/root-admin-page.tsx'),
              (m) => m.RootAdminPage,
            ),
          },
          {
            path: 'factory-reset',
            lazy: screen(
              () => import('@/features/factory-reset/factory-reset-page.tsx'),
              (m) => m.FactoryResetPage,
            ),
          },
        ],
      },
      { path: 'landing', element: <Navigate to="/" replace /> },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: screen(
              () => import('@/app/layout/console-layout.tsx'),
              (m) => m.ConsoleLayout,
            ),
            children: consoleRoutes,
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];
