import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Social Interactions screen, which arrives with its own issue. */
export function SocialPage() {
  return <PageHeader title="Social Interactions" />;
}
