import { z } from 'zod';
import { envelope, IsoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';

export const LOCATION_SOURCES = ['gps', 'ip_address', 'network'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

/** The screen asks for the 50 most recent fixes; the API serves at most 100 per request. */
export const GEOLOCATION_FETCH_LIMIT = 50;
export const GEOLOCATION_MAX_LIMIT = 100;
/** How many of the most visited places the map plots. */
export const GEOLOCATION_MAP_PLACES = 500;

export const GEOLOCATION_TEXT = {
  empty: 'No geolocation data available',
  failed: 'Failed to fetch geolocation data',
} as const;

export const GeolocationRecord = z.object({
  id: z.number().int(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  location_type: z.enum(LOCATION_SOURCES),
  /** Metres; null when the source gave none. */
  accuracy: z.number().nullable(),
  created_at: IsoDateTime,
});
export type GeolocationRecord = z.infer<typeof GeolocationRecord>;

/** A fix as Recent Locations lists it: the record and whose it is. */
export const RecentLocation = GeolocationRecord.extend({
  user_id: z.string().nullable(),
  /** The user's username; null when the fix has no (known) user. */
  username: z.string().nullable(),
});
export type RecentLocation = z.infer<typeof RecentLocation>;

/** One city on the map: where its fixes centre and how many there are. */
export const GeolocationPlace = z.object({
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  visits: z.number().int(),
});
export type GeolocationPlace = z.infer<typeof GeolocationPlace>;

export const GeolocationStats = z.object({
  total_locations: z.number().int(),
  unique_countries: z.number().int(),
  unique_cities: z.number().int(),
  /** "City, Country" of the place with the most fixes; null when there are none. */
  most_visited_location: z.string().nullable(),
  most_visited_count: z.number().int(),
  /** The most visited places, most visits first, at most GEOLOCATION_MAP_PLACES. */
  places: z.array(GeolocationPlace),
});
export type GeolocationStats = z.infer<typeof GeolocationStats>;

export const GeolocationDataQuery = z.object({
  limit: z.coerce.number().int().min(1).max(GEOLOCATION_MAX_LIMIT).default(GEOLOCATION_FETCH_LIMIT),
  location_type: z.enum(['all', ...LOCATION_SOURCES]).default('all'),
  /** Exact country name as stored, e.g. "United States". */
  country: z.string().trim().max(100).optional(),
});
export type GeolocationDataQuery = z.infer<typeof GeolocationDataQuery>;

export const geolocationEndpoints = {
  stats: endpoint({
    method: 'GET',
    path: '/admin/geolocation-stats',
    tag: 'geolocation',
    access: 'admin',
    permission: 'social:read',
    response: envelope(GeolocationStats),
  }),
  data: endpoint({
    method: 'GET',
    path: '/admin/geolocation-data',
    tag: 'geolocation',
    access: 'admin',
    permission: 'social:read',
    query: GeolocationDataQuery,
    response: envelope(z.object({ locations: z.array(RecentLocation) })),
  }),
};
