import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Calls Management screen, which arrives with its own issue. */
export function CallsPage() {
  return <PageHeader title="Calls Management" description="Monitor and manage voice and video calls" />;
}
