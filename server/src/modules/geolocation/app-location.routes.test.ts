import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geolocations } from '../../db/schema/geolocations.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi, countRows, fieldError } from '../social/testing/app-api.ts';

describe('a calling app sends its location', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  let me: AdminPrincipal;
  let auth: { authorization: string };
  let adminAuth: { authorization: string };
  const fixes = async () => countRows(t, 'geolocations');

  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
    me = await insertUser(t.db, { username: 'traveller' });
    auth = await t.appAuthHeader(me);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'mapper', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('stores a fix for the account, shown on the Geolocation screen and in its cards', async () => {
    const sent = await api('POST', '/users/location', auth, {
      city: 'Lisbon',
      country: 'Portugal',
      latitude: 38.7223,
      longitude: -9.1393,
      location_type: 'gps',
      accuracy: 12.5,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ city: 'Lisbon', location_type: 'gps', accuracy: 12.5 });
    const [row] = await t.db.select({ user_id: geolocations.userId }).from(geolocations);
    expect(row?.user_id).toBe(me.id);

    const screen = (await api('GET', '/admin/geolocation-data?limit=50', adminAuth)).json();
    expect(JSON.stringify(screen)).toContain('"city":"Lisbon"');
    const stats = (await api('GET', '/admin/geolocation-stats', adminAuth)).json();
    expect(JSON.stringify(stats)).toContain('"total_locations":1');
  });

  it('refuses a bad fix with the field and the reason, writing nothing', async () => {
    const before = await fixes();
    const good = { city: 'Oslo', country: 'Norway', latitude: 59.9, longitude: 10.7 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, latitude: 91 }, 'latitude'],
      [{ ...good, longitude: -181 }, 'longitude'],
      [{ ...good, city: '' }, 'city'],
      [{ ...good, country: 'x'.repeat(101) }, 'country'],
      [{ ...good, location_type: 'satellite' }, 'location_type'],
      [{ ...good, accuracy: -1 }, 'accuracy'],
      [{ ...good, latitude: 'north' }, 'latitude'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', '/users/location', auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldError(res.json())?.field).toBe(field);
    }
    expect(await fixes()).toBe(before);
  });
});
