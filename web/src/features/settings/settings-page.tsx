import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the System Settings screen, which arrives with its own issue. */
export function SettingsPage() {
  return <PageHeader title="System Settings" />;
}
