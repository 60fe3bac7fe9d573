import { geolocations, type LOCATION_TYPES } from '../db/schema/geolocations.ts';
import { CITIES, type City } from '../synthetic/cities.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import { type DemoUsers, pickUser } from './demo-users.ts';
import { DAY, MINUTE, rhythmTime, round } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type LocationType = (typeof LOCATION_TYPES)[number];

const TYPES = new Weighted<LocationType>([
  ['gps', 50],
  ['network', 25],
  ['ip_address', 25],
]);
const CITY_PICKER = new Weighted(CITIES.map((c, i) => [i, c.weight] as const));
/** Spread around the city centre (km), accuracy range (m) and how often the source gives none. */
const SOURCE: Record<LocationType, { spreadKm: number; accuracy: [number, number]; nullAccuracy: number }> = {
  gps: { spreadKm: 4, accuracy: [4, 65], nullAccuracy: 0.05 },
  network: { spreadKm: 6, accuracy: [150, 3_000], nullAccuracy: 0.15 },
  ip_address: { spreadKm: 12, accuracy: [2_000, 50_000], nullAccuracy: 0.4 },
};

/** Location fixes at real city coordinates (mostly the user's home city), jittered by a few km. */
export async function seedGeolocations(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'geolocations');
  const total = counts.geolocations;
  const times = new Float64Array(total);
  for (let i = 0; i < total; i++) times[i] = rhythmTime(rng, now - 90 * DAY, now - MINUTE);
  times.sort();
  await insertInBatches(
    input.tx,
    geolocations,
    total,
    (i) => {
      const t = times[i] as number;
      const u = pickUser(rng, users, t);
      const home = u >= 0 && rng.chance(0.8) ? (users.city[u] as number) : CITY_PICKER.pick(rng);
      const city = CITIES[home] as City;
      const locationType = TYPES.pick(rng);
      const source = SOURCE[locationType];
      const dLat = (rng.normal() * source.spreadKm) / 3 / 111;
      const latitude = city.lat + dLat;
      const longitude =
        city.lon + (rng.normal() * source.spreadKm) / 3 / (111 * Math.cos((latitude * Math.PI) / 180));
      return {
        userId: u >= 0 ? (users.ids[u] as string) : null,
        city: city.city,
        country: city.country,
        latitude: round(latitude, 6),
        longitude: round(longitude, 6),
        locationType,
        accuracy: rng.chance(source.nullAccuracy) ? null : Math.round(rng.between(...source.accuracy)),
        // 198.18.0.0/15 is reserved for benchmarks: realistic-looking, never someone's real address.
        ipAddress:
          locationType === 'ip_address'
            ? `198.${rng.int(18, 19)}.${rng.int(0, 255)}.${rng.int(1, 254)}`
            : null,
        createdAt: new Date(t),
      };
    },
    { progress: (done) => input.progress(done, total) },
  );
  return total;
}
