import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Official Messaging": the screen itself arrives with its own issue. */
export function OfficialMessagesPage() {
  return <PageHeader title="Official Messaging" />;
}
