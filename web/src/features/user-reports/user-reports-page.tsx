import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "User Reports": the screen itself arrives with its own issue. */
export function UserReportsPage() {
  return <PageHeader title="User Reports" />;
}
