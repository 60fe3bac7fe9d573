import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Coin Management screen, which arrives with its own issue. */
export function CoinsPage() {
  return <PageHeader title="Coin Management" description="Manage user coins and transactions" />;
}
