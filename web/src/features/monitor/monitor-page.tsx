import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Real-time Monitor": the screen itself arrives with its own issue. */
export function MonitorPage() {
  return <PageHeader title="Real-time Monitor" />;
}
