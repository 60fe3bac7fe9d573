import { PageHeader } from '@/components/page-header.tsx';

/** Placeholder for the Geolocation screen, which arrives with its own issue. */
export function GeolocationPage() {
  return <PageHeader title="Geolocation" />;
}
