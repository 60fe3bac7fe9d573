import type { LivePoint } from '@switchboard/contract/monitoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../db/schema/calls.ts';
import { readLivePoint } from '../modules/calls/live-point.ts';
import { type SocketTestServer, startSocketTestServer } from '../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { LiveSeries } from './live-series.ts';

const point = (at: string, online = 1): LivePoint => ({
  at,
  online_users: online,
  active_calls: 0,
  ringing_calls: 0,
  call_attempts_per_minute: 0,
  poor_call_share: 0,
});

describe('the live series behind the monitor charts', () => {
  it('keeps 15 minutes of points and drops older ones', () => {
    const series = new LiveSeries();
    series.add(point('2026-11-26T06:00:00.000Z', 1));
    series.add(point('2026-11-26T06:10:00.000Z', 2));
    series.add(point('2026-11-26T06:15:00.000Z', 3));
    expect(series.all().map((p) => p.online_users)).toEqual([1, 2, 3]);
    series.add(point('2026-11-26T06:15:01.000Z', 4));
    expect(series.all().map((p) => p.online_users)).toEqual([2, 3, 4]);
  });

  describe('pushed over the admin socket', () => {
    let t: TestApp;
    let server: SocketTestServer;
    let adminToken: string;
    beforeAll(async () => {
      t = await createTestApp();
      const admin = await insertUser(t.db, { username: 'watcher', isAdmin: true, isOnline: true });
      const a = await insertUser(t.db, { username: 'ana', isOnline: true });
      const b = await insertUser(t.db, { username: 'ben' });
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const call = (startedAt: Date, status: 'active' | 'ended', flags: string[] = []) => ({
        callerId: a.id,
        calleeId: b.id,
        type: 'voice' as const,
        status,
        startedAt,
        qualityFlags: flags as ('high_rtt' | 'low_mos')[],
      });
      await t.db
        .insert(calls)
        .values([
          call(ago(0.2), 'active'),
          call(ago(0.5), 'ended', ['high_rtt']),
          call(ago(3), 'ended', ['low_mos']),
          call(ago(10), 'ended', ['low_mos']),
        ]);
      adminToken = (await t.authHeader(admin)).authorization.slice(7);
      server = await startSocketTestServer(t, { livePoint: () => readLivePoint(t.db) });
    }, 60_000);
    afterAll(async () => {
      await server.close();
      await t.close();
    });

    it('sends an admin the series on connecting: online users, live calls, attempts a minute, poor-call share', async () => {
      const socket = server.connect('', { auth: { token: adminToken } });
      const latest = await new Promise<LivePoint>((resolve) => {
        socket.on('live_series', (points: LivePoint[]) => {
          const last = points.at(-1);
          if (last) resolve(last);
        });
      });
      expect(latest).toMatchObject({
        online_users: 2,
        active_calls: 1,
        call_attempts_per_minute: 2,
      });
      // Three calls in the last 5 minutes, two of them flagged; the one 10 minutes ago is outside.
      expect(latest.poor_call_share).toBeCloseTo(2 / 3);
    });
  });
});
