import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "System Logs": the screen itself arrives with its own issue. */
export function SystemLogsPage() {
  return <PageHeader title="System Logs" />;
}
