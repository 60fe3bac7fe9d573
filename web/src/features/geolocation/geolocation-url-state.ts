import { LOCATION_SOURCES } from '@switchboard/contract/geolocation';
import { z } from 'zod';

/** The screen's URL: the Recent Locations filters. */
export const GeolocationUrlQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  location_type: z.enum(['all', ...LOCATION_SOURCES]).default('all'),
  country: z.string().trim().max(100).optional(),
});
