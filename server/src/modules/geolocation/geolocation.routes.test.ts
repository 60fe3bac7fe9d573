import type { GeolocationStats } from '@switchboard/contract/geolocation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geolocationPlaces, geolocations } from '../../db/schema/geolocations.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

type Fix = typeof geolocations.$inferInsert;
const fix = (city: string, country: string, lat: number, lon: number, extra: Partial<Fix> = {}): Fix => ({
  city,
  country,
  latitude: lat,
  longitude: lon,
  locationType: 'gps',
  accuracy: 10,
  ...extra,
});

describe('geolocation stats and recent locations', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
    // Paris 3 fixes, Lyon 1, Berlin 2: 6 fixes, 2 countries, 3 cities, Paris most visited.
    await t.db.insert(geolocations).values([
      fix('Paris', 'France', 48.8, 2.3, { createdAt: new Date('2026-01-01T00:00:00Z') }),
      fix('Paris', 'France', 48.9, 2.4, {
        locationType: 'network',
        accuracy: null,
        createdAt: new Date('2026-01-02T00:00:00Z'),
      }),
      fix('Paris', 'France', 48.7, 2.2, {
        locationType: 'ip_address',
        createdAt: new Date('2026-01-03T00:00:00Z'),
      }),
      fix('Lyon', 'France', 45.76, 4.83, { createdAt: new Date('2026-01-04T00:00:00Z') }),
      fix('Berlin', 'Germany', 52.5, 13.4, { createdAt: new Date('2026-01-05T00:00:00Z') }),
      fix('Berlin', 'Germany', 52.5, 13.4, {
        locationType: 'network',
        createdAt: new Date('2026-01-06T00:00:00Z'),
      }),
    ]);
  });
  afterAll(() => t.close());

  it('counts fixes, countries and cities and names the most visited place', async () => {
    const { status, body } = await get('geolocation-stats');
    expect(status).toBe(200);
    const stats = body.data as GeolocationStats;
    expect(stats).toMatchObject({
      total_locations: 6,
      unique_countries: 2,
      unique_cities: 3,
      most_visited_location: 'Paris, France',
      most_visited_count: 3,
    });
    expect(stats.places.map((p) => [p.city, p.visits])).toEqual([
      ['Paris', 3],
      ['Berlin', 2],
      ['Lyon', 1],
    ]);
    expect(stats.places[0]?.latitude).toBeCloseTo(48.8, 6);
  });

  it('keeps the stats current when fixes are deleted or moved', async () => {
    await t.db
      .update(geolocations)
      .set({ city: 'Lyon' })
      .where(eq(geolocations.createdAt, new Date('2026-01-03T00:00:00Z')));
    await t.db.delete(geolocations).where(eq(geolocations.city, 'Berlin'));
    const stats = (await get('geolocation-stats')).body.data as GeolocationStats;
    expect(stats).toMatchObject({
      total_locations: 4,
      unique_countries: 1,
      unique_cities: 2,
      most_visited_count: 2,
    });
    const places = await t.db.select().from(geolocationPlaces);
    expect(places).toHaveLength(2);
  });

  it('lists the newest fixes first, never more than asked, filtered by source and country', async () => {
    const all = await get('geolocation-data?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.data.locations).toHaveLength(2);
    expect(all.body.data.locations[0]).toMatchObject({
      city: 'Lyon',
      country: 'France',
      location_type: 'gps',
      accuracy: 10,
    });
    const network = await get('geolocation-data?location_type=network');
    expect(network.body.data.locations.map((l: { city: string }) => l.city)).toEqual(['Paris']);
    expect(network.body.data.locations[0].accuracy).toBeNull();
    const france = await get('geolocation-data?country=France');
    expect(france.body.data.locations).toHaveLength(4);
    expect((await get('geolocation-data?country=Germany')).body.data.locations).toEqual([]);
  });

  it('refuses a limit above 100 or below 1 with a 400 naming the field', async () => {
    for (const limit of [0, 101, 1000]) {
      const res = await get(`geolocation-data?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body.errors)).toContain('limit');
    }
  });

  it('needs a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/geolocation-stats' });
    expect(res.statusCode).toBe(401);
  });
});
