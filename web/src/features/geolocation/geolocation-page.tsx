import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Geolocation": the screen itself arrives with its own issue. */
export function GeolocationPage() {
  return <PageHeader title="Geolocation" />;
}
