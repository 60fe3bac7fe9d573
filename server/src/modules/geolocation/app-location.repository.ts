import type { Executor } from '../../db/client.ts';
import { geolocations } from '../../db/schema/geolocations.ts';

export type NewLocation = Omit<typeof geolocations.$inferInsert, 'id' | 'createdAt'>;

/** One fix; the per-city rollup behind the Geolocation screen's cards and map follows by trigger. */
export async function insertLocation(db: Executor, fix: NewLocation) {
  const [row] = await db.insert(geolocations).values(fix).returning();
  if (!row) throw new Error('location not written');
  return row;
}
