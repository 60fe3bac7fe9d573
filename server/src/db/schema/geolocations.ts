import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, inet, oneOf } from './columns.ts';
import { users } from './users.ts';

export const LOCATION_TYPES = ['gps', 'ip_address', 'network'] as const;

export const geolocations = pgTable(
  'geolocations',
  {
    id: bigId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    locationType: text('location_type', { enum: LOCATION_TYPES }).notNull(),
    /** Metres; null when the source gives none. */
    accuracy: real('accuracy'),
    ipAddress: inet('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('geolocations_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('geolocations_country_created_idx').on(t.country, t.createdAt.desc(), t.id.desc()),
    index('geolocations_type_created_idx').on(t.locationType, t.createdAt.desc(), t.id.desc()),
    index('geolocations_place_idx').on(t.country, t.city),
    index('geolocations_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('geolocations_location_type_check', oneOf(t.locationType, LOCATION_TYPES)),
    check('geolocations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('geolocations_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('geolocations_accuracy_check', sql`${t.accuracy} >= 0`),
  ],
);

/**
 * One row per city with its number of fixes and the sums of their coordinates (the map plots the
 * mean), kept by a trigger on `geolocations` in the same transaction as the fix, so the stat cards
 * and the map never scan the fixes.
 */
export const geolocationPlaces = pgTable(
  'geolocation_places',
  {
    country: text('country').notNull(),
    city: text('city').notNull(),
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    latitudeSum: doublePrecision('latitude_sum').notNull().default(0),
    longitudeSum: doublePrecision('longitude_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.city] }),
    index('geolocation_places_visits_idx').on(t.visits.desc(), t.country, t.city),
  ],
);
