import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Dashboard": the screen itself arrives with its own issue. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
