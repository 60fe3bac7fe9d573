import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Notifications": the screen itself arrives with its own issue. */
export function NotificationsPage() {
  return <PageHeader title="Notifications" />;
}
