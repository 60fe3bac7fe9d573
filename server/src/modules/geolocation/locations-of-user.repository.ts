import type { UserLocation } from '@switchboard/contract/user-sections';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { geolocations } from '../../db/schema/geolocations.ts';

/** A user's recent locations, newest first over geolocations_user_idx. */
export async function userLocationsPage(
  db: Executor,
  userId: string,
  after: [string, string] | undefined,
  limit: number,
): Promise<UserLocation[]> {
  const rows = await db
    .select({
      id: geolocations.id,
      city: geolocations.city,
      country: geolocations.country,
      latitude: geolocations.latitude,
      longitude: geolocations.longitude,
      location_type: geolocations.locationType,
      created_at: geolocations.createdAt,
    })
    .from(geolocations)
    .where(
      and(
        eq(geolocations.userId, userId),
        after
          ? sql`(${geolocations.createdAt}, ${geolocations.id}) < (${after[0]}::timestamptz, ${after[1]}::bigint)`
          : undefined,
      ),
    )
    .orderBy(desc(geolocations.createdAt), desc(geolocations.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

export async function allLocationsOf(db: Executor, userId: string) {
  return db.select().from(geolocations).where(eq(geolocations.userId, userId)).orderBy(asc(geolocations.id));
}
