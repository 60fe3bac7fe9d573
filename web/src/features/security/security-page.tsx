import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Security": the screen itself arrives with its own issue. */
export function SecurityPage() {
  return <PageHeader title="Security" />;
}
