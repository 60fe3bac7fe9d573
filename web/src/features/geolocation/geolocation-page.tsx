import { GEOLOCATION_TEXT, type GeolocationStats } from '@switchboard/contract/geolocation';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount } from '@/lib/format.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useGeolocationStats, useRecentLocations } from './api.ts';
import { locationColumns } from './columns.tsx';
import { LocationFilters } from './components/location-filters.tsx';
import { WorldMap } from './components/world-map.tsx';
import { GeolocationUrlQuery } from './geolocation-url-state.ts';

function mostVisited(stats: GeolocationStats | undefined) {
  if (!stats) return { value: undefined, hint: undefined };
  if (!stats.most_visited_location) return { value: 'N/A', hint: undefined };
  return { value: stats.most_visited_location, hint: `${formatCount(stats.most_visited_count)} visits` };
}

/** Geolocation: headline figures, a world map of where fixes come from, and the most recent fixes. */
export function GeolocationPage() {
  const { params, update } = useListUrlState(GeolocationUrlQuery);
  const stats = useGeolocationStats();
  const recent = useRecentLocations({ location_type: params.location_type, country: params.country });
  const places = stats.data?.places;
  const countries = useMemo(() => [...new Set((places ?? []).map((p) => p.country))].sort(), [places]);
  const top = mostVisited(stats.data);
  const failed = stats.isError || recent.isError;
  const retry = () => {
    if (stats.isError) void stats.refetch();
    if (recent.isError) void recent.refetch();
  };
  // The spec's text heads the panel; under it the server's own words, when it gave any.
  const failure = errorMessage(stats.error ?? recent.error, 'Check the connection, then try again.');
  const setCountry = (country: string | undefined) => update({ country });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Geolocation" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Locations" value={stats.data && formatCount(stats.data.total_locations)} />
        <StatCard label="Countries" value={stats.data && formatCount(stats.data.unique_countries)} />
        <StatCard label="Cities" value={stats.data && formatCount(stats.data.unique_cities)} />
        <StatCard label="Most Visited" value={top.value} hint={top.hint} />
      </div>
      {failed ? (
        <ErrorPanel title={GEOLOCATION_TEXT.failed} message={failure} onRetry={retry} />
      ) : (
        <>
          {places && places.length > 0 ? (
            <Card>
              <CardContent>
                <WorldMap places={places} selectedCountry={params.country} onCountryClick={setCountry} />
              </CardContent>
            </Card>
          ) : null}
          <TitledCard title="Recent Locations" className="flex flex-col gap-4">
            <LocationFilters
              source={params.location_type}
              country={params.country}
              countries={countries}
              onSourceChange={(location_type) => update({ location_type })}
              onCountryChange={setCountry}
            />
            <DataTable
              label="Recent Locations"
              columns={locationColumns}
              rows={recent.data}
              getRowId={(row) => String(row.id)}
              stale={recent.isPlaceholderData}
              empty={<EmptyState title={GEOLOCATION_TEXT.empty} />}
            />
          </TitledCard>
        </>
      )}
    </div>
  );
}
