import type {
  GeolocationDataQuery,
  GeolocationRecord,
  GeolocationStats,
} from '@switchboard/contract/geolocation';
import type { Database } from '../../db/client.ts';
import { placeStats, recentLocations } from './geolocation.repository.ts';

export const listRecentLocations = (
  db: Database,
  query: GeolocationDataQuery,
): Promise<GeolocationRecord[]> => recentLocations(db, query);

export async function geolocationStats(db: Database): Promise<GeolocationStats> {
  const { total, countries, cities, places } = await placeStats(db);
  const top = places[0];
  return {
    total_locations: total,
    unique_countries: countries,
    unique_cities: cities,
    most_visited_location: top ? `${top.city}, ${top.country}` : null,
    most_visited_count: top?.visits ?? 0,
    places,
  };
}
