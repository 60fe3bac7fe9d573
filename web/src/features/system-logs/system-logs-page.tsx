import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the System Logs screen, which arrives with its own issue. */
export function SystemLogsPage() {
  return <PageHeader title="System Logs" />;
}
