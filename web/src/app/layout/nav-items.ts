import {
  ActivityIcon,
  BellIcon,
  ChartColumnIcon,
  CoinsIcon,
  DatabaseIcon,
  FlagIcon,
  GaugeIcon,
  HeartIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MapPinIcon,
  MegaphoneIcon,
  PhoneIcon,
  ScrollTextIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from 'lucide-react';

export interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** Every signed-in route of spec §2, grouped the way an operator scans them. */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { path: '/dashboard', label: 'Dashboard', icon: LayoutDashboardIcon },
      { path: '/analytics', label: 'Analytics', icon: ChartColumnIcon },
      { path: '/monitor', label: 'Real-time Monitor', icon: ActivityIcon },
      { path: '/performance', label: 'Performance', icon: GaugeIcon },
    ],
  },
  {
    title: 'Manage',
    items: [
      { path: '/users', label: 'Users', icon: UsersIcon },
      { path: '/calls', label: 'Calls', icon: PhoneIcon },
      { path: '/coin-management', label: 'Coin Management', icon: CoinsIcon },
      { path: '/notifications', label: 'Notifications', icon: BellIcon },
      { path: '/official-messaging', label: 'Official Messaging', icon: MegaphoneIcon },
      { path: '/social-interactions', label: 'Social Interactions', icon: HeartIcon },
      { path: '/geolocation', label: 'Geolocation', icon: MapPinIcon },
    ],
  },
  {
    title: 'Trust & system',
    items: [
      { path: '/security', label: 'Security', icon: ShieldIcon },
      { path: '/user-reports', label: 'User Reports', icon: FlagIcon },
      { path: '/system-logs', label: 'System Logs', icon: ScrollTextIcon },
      { path: '/database', label: 'Database', icon: DatabaseIcon },
      { path: '/settings', label: 'Settings', icon: SettingsIcon },
    ],
  },
];
