import {
  GEOLOCATION_MAP_PLACES,
  type GeolocationDataQuery,
  type GeolocationPlace,
  type GeolocationRecord,
} from '@switchboard/contract/geolocation';
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { readCounters } from '../../db/row-counts.ts';
import { geolocationPlaces, geolocations } from '../../db/schema/geolocations.ts';

/** The newest fixes first, as a LIMIT over the (created_at, id) index or its per-country / per-source twin. */
export async function recentLocations(
  db: Executor,
  query: GeolocationDataQuery,
): Promise<(GeolocationRecord & { user_id: string | null })[]> {
  const rows = await db
    .select({
      id: geolocations.id,
      user_id: geolocations.userId,
      city: geolocations.city,
      country: geolocations.country,
      latitude: geolocations.latitude,
      longitude: geolocations.longitude,
      location_type: geolocations.locationType,
      accuracy: geolocations.accuracy,
      created_at: geolocations.createdAt,
    })
    .from(geolocations)
    .where(
      and(
        query.location_type === 'all' ? undefined : eq(geolocations.locationType, query.location_type),
        query.country ? eq(geolocations.country, query.country) : undefined,
      ),
    )
    .orderBy(sql`${geolocations.createdAt} desc nulls last, ${geolocations.id} desc nulls last`)
    .limit(query.limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/** Stat cards and map points from the per-city rollup (one row per city) and the fixes counter. */
export async function placeStats(db: Executor) {
  const [counters, [distinct], places] = await Promise.all([
    readCounters(db, ['geolocations.total']),
    db
      .select({ countries: countDistinct(geolocationPlaces.country), cities: count() })
      .from(geolocationPlaces),
    db
      .select({
        city: geolocationPlaces.city,
        country: geolocationPlaces.country,
        latitude: sql<number>`${geolocationPlaces.latitudeSum} / ${geolocationPlaces.visits}`.mapWith(Number),
        longitude: sql<number>`${geolocationPlaces.longitudeSum} / ${geolocationPlaces.visits}`.mapWith(
          Number,
        ),
        visits: geolocationPlaces.visits,
      })
      .from(geolocationPlaces)
      .orderBy(
        sql`${geolocationPlaces.visits} desc nulls last, ${geolocationPlaces.country}, ${geolocationPlaces.city}`,
      )
      .limit(GEOLOCATION_MAP_PLACES),
  ]);
  return {
    total: counters['geolocations.total'],
    countries: distinct?.countries ?? 0,
    cities: distinct?.cities ?? 0,
    places: places as GeolocationPlace[],
  };
}
