import {
  ActivityIcon,
  CoinsIcon,
  type LucideIcon,
  MessageSquareTextIcon,
  PhoneCallIcon,
  ShieldCheckIcon,
  UsersIcon,
} from 'lucide-react';

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** Six feature cards. */
export const FEATURES: Feature[] = [
  {
    title: 'User management',
    description:
      'Search, filter and act on every account: promote admins, run bulk actions and keep your community healthy.',
    icon: UsersIcon,
  },
  {
    title: 'Call oversight',
    description:
      'Follow voice and video calls as they happen, with status, duration, quality scores and cost per call.',
    icon: PhoneCallIcon,
  },
  {
    title: 'Coin economy',
    description:
      'A complete ledger of earnings and spending, top earners and spenders, and safe manual top-ups.',
    icon: CoinsIcon,
  },
  {
    title: 'Notifications & messaging',
    description:
      'Schedule notifications and send official announcements, then track delivery, reads and acknowledgements.',
    icon: MessageSquareTextIcon,
  },
  {
    title: 'Security & audit',
    description:
      'Security events, blocked IPs, user reports and a full audit trail of what every administrator changed.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Real-time monitoring',
    description: 'Live connections, active calls, system health and alerts, refreshed every few seconds.',
    icon: ActivityIcon,
  },
];

/** Four stat blurbs, two of them the fixed claims. */
export const STATS = [
  { value: '99.9%', label: 'Uptime', detail: 'Built to stay available while your users talk.' },
  { value: '24/7', label: 'Monitoring', detail: 'Health checks and alerts around the clock.' },
  { value: '15', label: 'Admin workspaces', detail: 'From users and calls to logs and settings.' },
  { value: '1 s', label: 'Live refresh', detail: 'The fastest real-time monitor interval.' },
] as const;
