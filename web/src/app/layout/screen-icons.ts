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
  RotateCcwIcon,
  ScrollTextIcon,
  SettingsIcon,
  ShieldIcon,
  ShieldUserIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react';

/**
 * Each sidebar entry's icon, by path. Kept out of console-screens.ts, which the router reads on every
 * page: the icons load with the console layout, not with /login.
 */
export const SCREEN_ICONS: Readonly<Record<string, LucideIcon>> = {
  '/dashboard': LayoutDashboardIcon,
  '/analytics': ChartColumnIcon,
  '/monitor': ActivityIcon,
  '/performance': GaugeIcon,
  '/users': UsersIcon,
  '/calls': PhoneIcon,
  '/coin-management': CoinsIcon,
  '/notifications': BellIcon,
  '/official-messaging': MegaphoneIcon,
  '/social-interactions': HeartIcon,
  '/geolocation': MapPinIcon,
  '/security': ShieldIcon,
  '/user-reports': FlagIcon,
  '/system-logs': ScrollTextIcon,
  '/database': DatabaseIcon,
  '/settings': SettingsIcon,
  '/settings/roles': UserCogIcon,
  '/admin_root_admin': ShieldUserIcon,
  '/factory-reset': RotateCcwIcon,
};
