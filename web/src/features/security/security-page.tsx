import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Security screen, which arrives with its own issue. */
export function SecurityPage() {
  return <PageHeader title="Security" />;
}
