import { CALL_REFUSALS } from '@switchboard/contract/calling';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser } from '../../testing/test-app.ts';
import { liveSettings } from '../settings/live-settings.ts';

describe('maintenance mode on the /app socket', () => {
  let server: SocketTestServer;
  beforeAll(async () => {
    server = await startSocketTestServer(await createTestApp(), { appNamespace: true });
  });
  afterAll(async () => {
    await server.close();
    await server.t.close();
  });

  const setMaintenance = async (on: boolean) => {
    const live = liveSettings(server.t.db);
    const current = await live.get();
    live.replace({ ...current, app: { ...current.app, maintenance_mode: on } });
  };

  it('refuses new calls from connected apps and new connections, and lets both in again after', async () => {
    const caller = await server.appUser('maint-caller', 100);
    const callee = await server.appUser('maint-callee', 100);
    await setMaintenance(true);
    const refused = await caller.socket.emitWithAck('call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    expect(refused).toEqual({ ok: false, code: 'maintenance', message: CALL_REFUSALS.maintenance });

    const late = await insertUser(server.t.db, { username: 'maint-late' });
    const token = (await server.t.appAuthHeader(late)).authorization.slice(7);
    const socket = server.connect('/app', { auth: { token } });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe(SETTINGS_MESSAGES.maintenance);
    socket.close();

    await setMaintenance(false);
    const placed = await caller.socket.emitWithAck('call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    expect(placed.ok).toBe(true);
  });
});
