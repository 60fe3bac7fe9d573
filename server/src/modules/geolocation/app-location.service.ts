import type { SendLocation } from '@switchboard/contract/app-actions';
import type { GeolocationRecord } from '@switchboard/contract/geolocation';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { insertLocation } from './app-location.repository.ts';

/** Stores where the app says its user is, with the address the request came from. */
export async function sendLocation(
  db: Database,
  me: string,
  input: z.infer<typeof SendLocation>,
  ip: string | null,
): Promise<GeolocationRecord> {
  const row = await insertLocation(db, {
    userId: me,
    city: input.city,
    country: input.country,
    latitude: input.latitude,
    longitude: input.longitude,
    locationType: input.location_type,
    accuracy: input.accuracy ?? null,
    ipAddress: ip,
  });
  return {
    id: row.id,
    city: row.city,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    location_type: row.locationType,
    accuracy: row.accuracy,
    created_at: row.createdAt.toISOString(),
  };
}
