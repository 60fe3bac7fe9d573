import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Database Management screen, which arrives with its own issue. */
export function DatabasePage() {
  return <PageHeader title="Database Management" />;
}
