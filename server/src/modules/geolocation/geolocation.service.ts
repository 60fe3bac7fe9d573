import type {
  GeolocationDataQuery,
  GeolocationStats,
  RecentLocation,
} from '@switchboard/contract/geolocation';
import type { Database } from '../../db/client.ts';
import { usernamesById } from '../users/users-directory.repository.ts';
import { placeStats, recentLocations } from './geolocation.repository.ts';

/** The newest fixes with whose they are: one username lookup for the whole list. */
export async function listRecentLocations(
  db: Database,
  query: GeolocationDataQuery,
): Promise<RecentLocation[]> {
  const rows = await recentLocations(db, query);
  const names = await usernamesById(
    db,
    rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
  );
  return rows.map((r) => ({ ...r, username: r.user_id ? (names.get(r.user_id) ?? null) : null }));
}

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
