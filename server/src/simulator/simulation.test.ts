import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallInspection, SetupFunnel } from '@switchboard/contract/call-inspector';
import { afterAll, describe, expect, it } from 'vitest';
import { api, registerRootAdmin, until } from '../testing/fault-harness.ts';
import { freePort } from '../testing/free-port.ts';
import { type SpawnedProcess, spawnServer } from '../testing/spawn-server.ts';
import { type Simulation, simulatedAddress, startSimulation } from './simulation.ts';

const PORT = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-simulator-'));
let server: SpawnedProcess | undefined;
let simulation: Simulation | undefined;

afterAll(async () => {
  await simulation?.stop();
  server?.child.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

interface HistoryCall {
  id: number;
  status: string;
  quality: number | null;
  coins_used: number;
  caller_username: string;
}

describe('the traffic simulator against a real server', () => {
  it('signs virtual users up, places, answers and settles calls with quality, and ends its calls on stop', async () => {
    server = spawnServer(dataDir, PORT, { TRUST_PROXY: '127.0.0.1' });
    await server.waitFor('Switchboard console:', 120_000);
    const admin = await registerRootAdmin(PORT);
    // Without demo data there is no demo provider to buy from: new accounts get the welcome coins instead.
    const settings = (await (await api(PORT, '/admin/settings', { headers: admin })).json()) as {
      data: { calling: Record<string, unknown> };
    };
    const saved = await api(PORT, '/admin/settings', {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...settings.data, calling: { ...settings.data.calling, welcome_coins: 100 } }),
    });
    expect(saved.status).toBe(200);
    const history = async (): Promise<HistoryCall[]> => {
      const res = await api(PORT, '/admin/calls/history?limit=100', { headers: admin });
      return ((await res.json()) as { data: { calls: HistoryCall[] } }).data.calls;
    };

    simulation = startSimulation({
      url: `http://127.0.0.1:${PORT}`,
      users: 6,
      rate: 2,
      seed: 7,
      onlineShare: 1,
      talkMedianSeconds: 12,
      socialRate: 6,
    });
    await until(
      async () => (await history()).some((c) => c.status === 'ended' && c.quality !== null),
      90_000,
    );
    const ended = (await history()).filter((c) => c.status === 'ended');
    expect(ended.every((c) => c.caller_username.startsWith('sim_7_'))).toBe(true);
    // Calls are billed from the welcome coins.
    expect(ended.some((c) => c.coins_used > 0)).toBe(true);

    // The social side reaches the console's screens through the app's own endpoints.
    const json = async <T>(path: string, init: RequestInit = {}): Promise<T> =>
      (
        (await (await api(PORT, path, { ...init, headers: { ...admin, ...init.headers } })).json()) as {
          data: T;
        }
      ).data;
    await until(async () => {
      const social = await json<{
        total_likes_given: number;
        total_following: number;
        total_friends: number;
      }>('/admin/social/summary');
      return social.total_likes_given > 0 && social.total_following > 0 && social.total_friends > 0;
    }, 60_000);
    // Each ended call shows its setup funnel and each side's path, and is judged seconds after it ends.
    const talked = ended.find((c) => c.quality !== null) as HistoryCall;
    await until(
      async () => (await json<CallInspection>(`/admin/calls/${talked.id}/inspection`)).judged,
      30_000,
    );
    const inspection = await json<CallInspection>(`/admin/calls/${talked.id}/inspection`);
    expect(new Set(inspection.funnel.map((s) => s.step))).toEqual(
      new Set(['invite_sent', 'ringing', 'answered', 'offer', 'answer', 'ice_connected', 'first_media']),
    );
    expect(inspection.paths.map((p) => p.side).sort()).toEqual(['callee', 'caller']);
    const funnel = await json<SetupFunnel>('/admin/calls/setup-funnel');
    expect(funnel.hours.some((h) => h.step === 'first_media' && h.p95_ms > 0)).toBe(true);

    const places = await json<{ locations: { city: string }[] }>('/admin/geolocation-data');
    expect(places.locations.length).toBeGreaterThan(0);

    // A notification the console sends is opened by the users it reaches.
    const created = await json<{ id: number }>('/admin/notifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Maintenance tonight', message: 'Calls may drop at 2 a.m.' }),
    });
    await api(PORT, `/admin/notifications/${created.id}/send`, { method: 'POST', headers: admin });
    await until(async () => {
      const list = await json<{ notifications: { id: number; read_count: number }[] }>(
        '/admin/notifications',
      );
      return (list.notifications.find((n) => n.id === created.id)?.read_count ?? 0) > 0;
    }, 30_000);

    expect(simulation.stats().lastError).toBeNull();
    // Invitations were timed on their way to the callee, and connected calls were counted (one server).
    const { inviteDeliveryP95Ms, connectedCalls, connectedAcrossInstances } = simulation.stats();
    expect(inviteDeliveryP95Ms).toBeGreaterThanOrEqual(0);
    expect(inviteDeliveryP95Ms).toBeLessThan(5000);
    expect(connectedCalls).toBeGreaterThan(0);
    expect(connectedAcrossInstances).toBe(0);

    await simulation.stop();
    await until(
      async () => (await history()).every((c) => c.status !== 'ringing' && c.status !== 'active'),
      15_000,
    );
    expect(simulation.stats().online).toBe(0);
  }, 240_000);

  it('gives every user an address of its own, on a network of its own', () => {
    const addresses = Array.from({ length: 5000 }, (_, i) => simulatedAddress(i));
    const networks = new Set(addresses.map((a) => a.split('.').slice(0, 3).join('.')));
    expect(networks.size).toBe(5000);
    expect(addresses.every((a) => a.startsWith('100.') && Number(a.split('.')[1]) >= 64)).toBe(true);
  });
});
