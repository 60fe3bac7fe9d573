import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Performance Monitor screen, which arrives with its own issue. */
export function PerformancePage() {
  return <PageHeader title="Performance Monitor" />;
}
