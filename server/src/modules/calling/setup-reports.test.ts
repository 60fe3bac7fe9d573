import type { CallInspection, SetupFunnel, TopVerdicts } from '@switchboard/contract/call-inspector';
import type { AppCall, CallAck } from '@switchboard/contract/calling';
import type { CallsPage } from '@switchboard/contract/calls';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, next } from '../../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { judgeEndedCalls } from '../calls/call-inspector.service.ts';

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the call inspector over /app: funnel, path and verdict', () => {
  let t: TestApp;
  let server: SocketTestServer;
  let auth: { authorization: string };
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() as { success: boolean; data: T; message?: string } };
  };
  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t, { appNamespace: true });
    auth = await t.authHeader(await insertUser(t.db, { username: 'inspector-admin', isAdmin: true }));
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  let goodCallId = 0;
  const offer = { type: 'offer', sdp: 'v=0\r\n' };
  const answer = { type: 'answer', sdp: 'v=0\r\n' };

  /** A call placed and answered, with its offer and answer relayed. */
  async function answeredCall(name: string) {
    const caller = await server.appUser(`${name}-caller`, 100);
    const callee = await server.appUser(`${name}-callee`, 100);
    const incoming = next<AppCall>(callee.socket, 'call_incoming');
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    const callId = (await incoming).id;
    expect(await ask(callee.socket, 'call_setup_report', { call_id: callId, step: 'ringing' })).toEqual({
      ok: true,
    });
    expect(await ask(callee.socket, 'call_accept', { call_id: callId })).toMatchObject({ ok: true });
    // Each app acknowledges what is relayed to it, as the softphone does: the sender's answer waits for it.
    for (const party of [caller.socket, callee.socket])
      party.on('call_description', (_message: unknown, ack?: (receipt: { ok: true }) => void) =>
        ack?.({ ok: true }),
      );
    await ask(caller.socket, 'call_description', { call_id: callId, description: offer });
    await ask(callee.socket, 'call_description', { call_id: callId, description: answer });
    return { caller, callee, callId };
  }

  const hangUp = (socket: Socket, callId: number) => ask(socket, 'call_hangup', { call_id: callId });
  /** Judges as the job does once the call has been over long enough. */
  const judge = () => judgeEndedCalls(t.db, new Date(Date.now() + 10_000));
  const inspect = async (callId: number) =>
    (await get<CallInspection>(`/admin/calls/${callId}/inspection`)).body.data;

  it('stores every setup step and each side’s path, shows them in the inspection, and judges a good call fine', async () => {
    const { caller, callee, callId } = await answeredCall('good');
    goodCallId = callId;
    for (const socket of [caller.socket, callee.socket]) {
      expect(await ask(socket, 'call_setup_report', { call_id: callId, step: 'ice_connected' })).toEqual({
        ok: true,
      });
      expect(await ask(socket, 'call_setup_report', { call_id: callId, step: 'first_media' })).toEqual({
        ok: true,
      });
    }
    expect(
      await ask(caller.socket, 'call_path_report', {
        call_id: callId,
        local_candidate_type: 'relay',
        remote_candidate_type: 'srflx',
        transport: 'udp',
        relay_server: 'turn:turn.example.org:3478',
        rtt_ms: 42,
      }),
    ).toEqual({ ok: true });
    // The path is stored once per side: a second report changes nothing.
    await ask(caller.socket, 'call_path_report', {
      call_id: callId,
      local_candidate_type: 'host',
      remote_candidate_type: 'host',
      transport: 'tcp',
      relay_server: null,
      rtt_ms: 1,
    });

    await until(async () => (await inspect(callId)).funnel.length >= 9);
    const seen = await inspect(callId);
    expect(new Set(seen.funnel.map((s) => s.step))).toEqual(
      new Set(['invite_sent', 'ringing', 'answered', 'offer', 'answer', 'ice_connected', 'first_media']),
    );
    expect(seen.funnel.find((s) => s.step === 'ringing')?.side).toBe('callee');
    expect(seen.funnel.find((s) => s.step === 'offer')?.side).toBe('caller');
    expect(seen.funnel.find((s) => s.step === 'invite_sent')?.after_invite_ms).toBe(0);
    expect(seen.paths).toEqual([
      expect.objectContaining({
        side: 'caller',
        local_candidate_type: 'relay',
        transport: 'udp',
        relay_server: 'turn:turn.example.org:3478',
        rtt_ms: 42,
      }),
    ]);
    expect(seen.judged).toBe(false);

    await hangUp(caller.socket, callId);
    await judge();
    expect(await inspect(callId)).toMatchObject({ judged: true, verdict: null });

    const funnel = (await get<SetupFunnel>('/admin/calls/setup-funnel?hours=24')).body.data;
    const steps = funnel.hours.map((h) => h.step);
    expect(steps).toEqual(
      expect.arrayContaining(['ringing', 'answered', 'offer', 'answer', 'ice_connected', 'first_media']),
    );
    for (const row of funnel.hours) expect(row.p95_ms).toBeGreaterThanOrEqual(row.p50_ms);
  });

  it('refuses reports from someone who is not a party, and a step that does not exist', async () => {
    const { caller, callId } = await answeredCall('outsider');
    const eve = await server.appUser('outsider-eve', 0);
    expect(
      await ask(eve.socket, 'call_setup_report', { call_id: callId, step: 'first_media' }),
    ).toMatchObject({
      ok: false,
      code: 'not_party',
    });
    expect(
      await ask(eve.socket, 'call_path_report', {
        call_id: callId,
        local_candidate_type: 'host',
        remote_candidate_type: 'host',
        transport: 'udp',
        relay_server: null,
        rtt_ms: null,
      }),
    ).toMatchObject({ ok: false, code: 'not_party' });
    expect(
      await ask(caller.socket, 'call_setup_report', { call_id: callId, step: 'teleported' }),
    ).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect((await inspect(callId)).paths).toEqual([]);
    await hangUp(caller.socket, callId);
  });

  it('says a relay was needed when ICE failed, and the list filters by that verdict; the dashboard counts it', async () => {
    const { caller, callee, callId } = await answeredCall('natted');
    await ask(caller.socket, 'call_setup_report', { call_id: callId, step: 'ice_failed' });
    await ask(callee.socket, 'call_setup_report', { call_id: callId, step: 'ice_failed' });
    await until(async () => (await inspect(callId)).funnel.some((s) => s.step === 'ice_failed'));
    await hangUp(caller.socket, callId);
    await judge();

    const { verdict } = await inspect(callId);
    expect(verdict?.verdict).toBe('relay_needed');
    expect(verdict?.summary).toBe('No network path: a relay (TURN) is needed');
    expect(verdict?.evidence.join(' ')).toContain("ICE failed on the caller's side");

    const filtered = (await get<CallsPage>('/admin/public/calls?verdict=relay_needed')).body.data;
    const ids = filtered.calls.map((c) => c.id);
    expect(ids).toContain(callId);
    expect(ids).not.toContain(goodCallId);
    expect(filtered.total).toBe(ids.length);
    const top = (await get<TopVerdicts>('/admin/calls/verdicts')).body.data;
    expect(top.verdicts).toContainEqual({ verdict: 'relay_needed', calls: ids.length });
  });

  it('says the callee’s app never rang when a call times out without a ringing report', async () => {
    const caller = await server.appUser('silent-caller', 100);
    const callee = await server.appUser('silent-callee', 100);
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    await hangUp(caller.socket, invited.call.id);
    await until(async () => (await inspect(invited.call.id)).funnel.length === 1);
    await judge();
    expect((await inspect(invited.call.id)).verdict).toMatchObject({ verdict: 'callee_unreachable' });
  });

  it('answers 400 naming the field for an unknown verdict filter, and 404 for an unknown call', async () => {
    const bad = await get('/admin/public/calls?verdict=bad_luck');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('verdict');
    expect((await get('/admin/calls/999999/inspection')).status).toBe(404);
  });
});
