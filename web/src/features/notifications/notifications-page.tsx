import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Notifications screen, which arrives with its own issue. */
export function NotificationsPage() {
  return <PageHeader title="Notifications" />;
}
