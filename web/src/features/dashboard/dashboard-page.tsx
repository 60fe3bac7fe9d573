import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Dashboard screen, which arrives with its own issue. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
