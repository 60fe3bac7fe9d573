import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Social Interactions": the screen itself arrives with its own issue. */
export function SocialPage() {
  return <PageHeader title="Social Interactions" />;
}
