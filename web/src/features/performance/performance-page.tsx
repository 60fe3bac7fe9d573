import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Performance Monitor": the screen itself arrives with its own issue. */
export function PerformancePage() {
  return <PageHeader title="Performance Monitor" />;
}
