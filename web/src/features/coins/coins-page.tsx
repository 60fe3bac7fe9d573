import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Coin Management": the screen itself arrives with its own issue. */
export function CoinsPage() {
  return <PageHeader title="Coin Management" description="Manage user coins and transactions" />;
}
