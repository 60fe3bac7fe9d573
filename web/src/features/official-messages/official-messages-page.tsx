import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Official Messaging screen, which arrives with its own issue. */
export function OfficialMessagesPage() {
  return <PageHeader title="Official Messaging" />;
}
