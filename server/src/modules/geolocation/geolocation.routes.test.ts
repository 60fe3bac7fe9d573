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

  it('keeps the stats current when fixes are added, moved or deleted', async () => {
    // Fixes of its own, in a country and a year no other test reads, removed again at the end.
    const stats = async () => (await get('geolocation-stats')).body.data as GeolocationStats;
    const spain = () => t.db.select().from(geolocationPlaces).where(eq(geolocationPlaces.country, 'Spain'));
    const before = await stats();
    const at = (day: number) => ({ createdAt: new Date(`2025-03-0${day}T00:00:00Z`) });
    await t.db
      .insert(geolocations)
      .values([
        fix('Madrid', 'Spain', 40.4, -3.7, at(1)),
        fix('Madrid', 'Spain', 40.4, -3.7, at(2)),
        fix('Madrid', 'Spain', 40.4, -3.7, at(3)),
        fix('Sevilla', 'Spain', 37.4, -6.0, at(4)),
      ]);
    expect(await stats()).toMatchObject({
      total_locations: before.total_locations + 4,
      unique_countries: before.unique_countries + 1,
      unique_cities: before.unique_cities + 2,
    });

    await t.db.update(geolocations).set({ city: 'Madrid' }).where(eq(geolocations.city, 'Sevilla'));
    expect(await stats()).toMatchObject({
      total_locations: before.total_locations + 4,
      unique_cities: before.unique_cities + 1,
      most_visited_location: 'Madrid, Spain',
      most_visited_count: 4,
    });
    expect((await spain()).map((p) => [p.city, p.visits])).toEqual([['Madrid', 4]]);

    await t.db.delete(geolocations).where(eq(geolocations.country, 'Spain'));
    expect(await stats()).toEqual(before);
    expect(await spain()).toEqual([]);
  });

  it('lists the newest fixes first, never more than asked, filtered by source and country', async () => {
    const all = await get('geolocation-data?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.data.locations).toHaveLength(2);
    expect(all.body.data.locations[0]).toMatchObject({
      city: 'Berlin',
      country: 'Germany',
      location_type: 'network',
    });
    expect(all.body.data.locations[1]).toMatchObject({ city: 'Berlin', location_type: 'gps', accuracy: 10 });
    const network = await get('geolocation-data?location_type=network');
    expect(network.body.data.locations.map((l: { city: string }) => l.city)).toEqual(['Berlin', 'Paris']);
    expect(network.body.data.locations[1].accuracy).toBeNull();
    const france = await get('geolocation-data?country=France');
    expect(france.body.data.locations.map((l: { city: string }) => l.city)).toEqual([
      'Lyon',
      'Paris',
      'Paris',
      'Paris',
    ]);
    expect((await get('geolocation-data?country=Germany')).body.data.locations).toHaveLength(2);
    expect((await get('geolocation-data?country=Italy')).body.data.locations).toEqual([]);
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
