import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Calls Management": the screen itself arrives with its own issue. */
export function CallsPage() {
  return <PageHeader title="Calls Management" description="Monitor and manage voice and video calls" />;
}
