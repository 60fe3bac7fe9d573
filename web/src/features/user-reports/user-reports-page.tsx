import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the User Reports screen, which arrives with its own issue. */
export function UserReportsPage() {
  return <PageHeader title="User Reports" />;
}
