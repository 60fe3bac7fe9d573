import {
  GEOLOCATION_FETCH_LIMIT,
  type GeolocationDataQuery,
  geolocationEndpoints,
} from '@switchboard/contract/geolocation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

const geolocationKeys = {
  all: ['geolocation'] as const,
  stats: () => [...geolocationKeys.all, 'stats'] as const,
  recent: (params: object) => [...geolocationKeys.all, 'recent', params] as const,
};

export function useGeolocationStats() {
  return useQuery({
    queryKey: geolocationKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(geolocationEndpoints.stats, {}, { signal }),
    select: (response) => response.data,
  });
}

export function useRecentLocations(params: Pick<GeolocationDataQuery, 'location_type' | 'country'>) {
  return useQuery({
    queryKey: geolocationKeys.recent(params),
    queryFn: ({ signal }) =>
      callEndpoint(
        geolocationEndpoints.data,
        { query: { ...params, limit: GEOLOCATION_FETCH_LIMIT } },
        { signal },
      ),
    select: (response) => response.data.locations,
    placeholderData: keepPreviousData,
  });
}
