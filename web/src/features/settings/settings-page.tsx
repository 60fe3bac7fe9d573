import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "System Settings": the screen itself arrives with its own issue. */
export function SettingsPage() {
  return <PageHeader title="System Settings" />;
}
