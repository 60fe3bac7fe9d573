import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Database Management": the screen itself arrives with its own issue. */
export function DatabasePage() {
  return <PageHeader title="Database Management" />;
}
