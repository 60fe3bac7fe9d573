import { type Permission, REPORTS_READ } from '@switchboard/contract/permissions';
import { type LazyScreen, lazyScreen } from '@/app/lazy-screen.ts';

/** Sidebar groups, in the order an operator scans them. */
export const NAV_GROUPS = ['Overview', 'Manage', 'Trust & system'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface SidebarEntry {
  /** Absolute path of the route. */
  path: `/${string}`;
  /** The sidebar label. */
  title: string;
  group: NavGroup;
  /** Only a root administrator can use it; the sidebar marks it so. */
  rootOnly?: boolean;
  /** Listed only while no root administrator exists (the route itself stays). */
  untilRootExists?: boolean;
  /** What the admin's role must hold to open it; the sidebar hides it otherwise. */
  permission?: Permission | readonly [Permission, ...Permission[]];
}

export interface ConsoleScreen extends SidebarEntry {
  lazy: LazyScreen;
}

const dashboard = lazyScreen(
  () => import('@/features/dashboard/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
const analytics = lazyScreen(
  () => import('@/features/dashboard/analytics-page.tsx'),
  (m) => m.AnalyticsPage,
);

/**
 * Every signed-in screen, once: the router makes a route of each and the sidebar lists them (in this
 * order within each group).
 */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    group: 'Overview',
    permission: 'monitoring:read',
    lazy: dashboard,
  },
  {
    path: '/analytics',
    title: 'Analytics',
    group: 'Overview',
    permission: 'monitoring:read',
    lazy: analytics,
  },
  {
    path: '/monitor',
    permission: 'monitoring:read',
    title: 'Real-time Monitor',
    group: 'Overview',
    lazy: lazyScreen(
      () => import('@/features/monitor/monitor-page.tsx'),
      (m) => m.MonitorPage,
    ),
  },
  {
    path: '/performance',
    permission: 'monitoring:read',
    title: 'Performance',
    group: 'Overview',
    lazy: lazyScreen(
      () => import('@/features/performance/performance-page.tsx'),
      (m) => m.PerformancePage,
    ),
  },
  {
    path: '/users',
    permission: 'users:read',
    title: 'Users',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/users/users-page.tsx'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: '/calls',
    permission: 'calls:read',
    title: 'Calls',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/calls/calls-page.tsx'),
      (m) => m.CallsPage,
    ),
  },
  {
    path: '/coin-management',
    permission: 'coins:read',
    title: 'Coin Management',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/coins/coins-page.tsx'),
      (m) => m.CoinsPage,
    ),
  },
  {
    path: '/coin-management/purchases',
    permission: 'coins:read',
    title: 'Purchases',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/purchases/purchases-page.tsx'),
      (m) => m.PurchasesPage,
    ),
  },
  {
    path: '/notifications',
    permission: 'messaging:read',
    title: 'Notifications',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/notifications/notifications-page.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: '/official-messaging',
    permission: 'messaging:read',
    title: 'Official Messaging',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/official-messages/official-messages-page.tsx'),
      (m) => m.OfficialMessagesPage,
    ),
  },
  {
    path: '/social-interactions',
    permission: 'social:read',
    title: 'Social Interactions',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/social/social-page.tsx'),
      (m) => m.SocialPage,
    ),
  },
  {
    path: '/geolocation',
    permission: 'social:read',
    title: 'Geolocation',
    group: 'Manage',
    lazy: lazyScreen(
      () => import('@/features/geolocation/geolocation-page.tsx'),
      (m) => m.GeolocationPage,
    ),
  },
  {
    path: '/security',
    permission: 'safety:read',
    title: 'Security',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/security/security-page.tsx'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: '/user-reports',
    permission: REPORTS_READ,
    title: 'User Reports',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/user-reports/user-reports-page.tsx'),
      (m) => m.UserReportsPage,
    ),
  },
  {
    path: '/system-logs',
    permission: 'safety:read',
    title: 'System Logs',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/system-logs/system-logs-page.tsx'),
      (m) => m.SystemLogsPage,
    ),
  },
  {
    path: '/database',
    permission: 'data:read',
    title: 'Database',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/database/database-page.tsx'),
      (m) => m.DatabasePage,
    ),
  },
  {
    path: '/settings',
    permission: 'settings:read',
    title: 'Settings',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/settings/settings-page.tsx'),
      (m) => m.SettingsPage,
    ),
  },
  {
    // Inside the settings area: who may do what is a system setting, for admins:manage only.
    path: '/settings/roles',
    permission: 'admins:manage',
    title: 'Admin Roles',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/admin-roles/admin-roles-page.tsx'),
      (m) => m.AdminRolesPage,
    ),
  },
  {
    // Beside the settings: where events go is an operator's integration, for webhooks:manage only.
    path: '/settings/webhooks',
    permission: 'webhooks:manage',
    title: 'Webhooks',
    group: 'Trust & system',
    lazy: lazyScreen(
      () => import('@/features/webhooks/webhooks-page.tsx'),
      (m) => m.WebhooksPage,
    ),
  },
];

/**
 * Routes outside the console layout (routes.tsx) that the sidebar lists too: it lists every route
 * but /login.
 */
export const STANDALONE_ENTRIES: readonly SidebarEntry[] = [
  {
    path: '/admin_root_admin',
    title: 'Root Admin Registration',
    group: 'Trust & system',
    rootOnly: true,
    untilRootExists: true,
  },
  {
    path: '/factory-reset',
    title: 'Factory Reset',
    group: 'Trust & system',
    rootOnly: true,
  },
];
