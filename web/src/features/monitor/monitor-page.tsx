import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Real-time Monitor screen, which arrives with its own issue. */
export function MonitorPage() {
  return <PageHeader title="Real-time Monitor" />;
}
