import type { CallQuality, CallQualityFlag } from '@switchboard/contract/call-quality';
import type { CallAck } from '@switchboard/contract/calling';
import type { CallStatistics, CallsPage } from '@switchboard/contract/calls';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callQualityCrossings, calls } from '../../db/schema/calls.ts';
import { ask } from '../../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

type Figures = [rttMs: number, jitterMs: number, lossPercent: number];
const repeat = (times: number, figures: Figures): Figures[] => Array.from({ length: times }, () => figures);

/**
 * Samples that cross exactly one of Twilio's thresholds each (MOS as the server estimates it from the
 * same figures: 450 ms RTT is MOS 4.05, 390/29 ms with 7% loss is 3.17, 390/29 ms clean is 3.98).
 */
const CROSSING: Record<CallQualityFlag, Figures[]> = {
  high_rtt: repeat(3, [450, 5, 0]),
  high_jitter: repeat(3, [20, 40, 0]),
  // 5% loss averaged over 7 samples; nothing before the seventh.
  high_loss: repeat(7, [20, 2, 5]),
  // Loss averages exactly 3% over 7 (not above), RTT and jitter stay under theirs; MOS under 3.5 in 3 of 5.
  low_mos: [...repeat(4, [390, 29, 0]), ...repeat(3, [390, 29, 7])],
};

describe('call quality flags from live samples', () => {
  let t: TestApp;
  let server: SocketTestServer;
  let auth: { authorization: string };
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() as { data: T; message?: string; errors?: unknown } };
  };
  const callIds = new Map<CallQualityFlag | 'clean', number>();

  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t, { appNamespace: true });
    auth = await t.authHeader(await insertUser(t.db, { username: 'quality-admin', isAdmin: true }));
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  /** Places and answers a call, sends the caller's samples one by one, and hangs up. */
  async function callWith(name: string, samples: Figures[]): Promise<number> {
    const caller = await server.appUser(`${name}-caller`, 100);
    const callee = await server.appUser(`${name}-callee`, 100);
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    const callId = invited.call.id;
    expect(await ask(callee.socket, 'call_accept', { call_id: callId })).toMatchObject({ ok: true });
    await send(caller.socket, callId, samples);
    expect(await ask(caller.socket, 'call_hangup', { call_id: callId })).toMatchObject({ ok: true });
    return callId;
  }

  async function send(socket: Socket, callId: number, samples: Figures[]) {
    for (const [rtt_ms, jitter_ms, packet_loss] of samples) {
      const ack = await ask(socket, 'call_quality', {
        call_id: callId,
        rtt_ms,
        jitter_ms,
        packet_loss,
        bitrate_kbps: 40,
        codec: 'audio/opus',
      });
      expect(ack).toEqual({ ok: true });
      // The app's socket takes 10 events a second.
      await new Promise((resolve) => setTimeout(resolve, 110));
    }
  }

  it('flags each call with the threshold its samples crossed, and only that one', async () => {
    const before = (await get<CallStatistics>('/admin/calls/statistics')).body.data.flagged_calls;
    for (const flag of Object.keys(CROSSING) as CallQualityFlag[])
      callIds.set(flag, await callWith(flag.replace('_', '-'), CROSSING[flag]));
    callIds.set('clean', await callWith('clean', repeat(7, [12, 1.5, 0])));

    for (const [flag, id] of callIds) {
      const [row] = await t.db.select({ flags: calls.qualityFlags }).from(calls).where(eq(calls.id, id));
      expect({ flag, flags: row?.flags }).toEqual({ flag, flags: flag === 'clean' ? [] : [flag] });
    }
    // The statistics count flagged calls from the rollup the calls trigger keeps.
    const after = (await get<CallStatistics>('/admin/calls/statistics')).body.data.flagged_calls;
    expect(after - before).toBe(4);
  });

  it('finds the flagged calls with the list filters, newest first, with an exact total', async () => {
    const poor = await get<CallsPage>('/admin/public/calls?quality=poor');
    expect(poor.status).toBe(200);
    expect(poor.body.data.total).toBe(4);
    expect(poor.body.data.calls.map((c) => c.id)).toEqual(
      ['low_mos', 'high_loss', 'high_jitter', 'high_rtt'].map((f) => callIds.get(f as CallQualityFlag)),
    );
    for (const flag of Object.keys(CROSSING) as CallQualityFlag[]) {
      const page = await get<CallsPage>(`/admin/public/calls?flag=${flag}&type=voice`);
      expect(page.body.data.calls.map((c) => [c.id, c.quality_flags])).toEqual([[callIds.get(flag), [flag]]]);
      expect(page.body.data.total).toBe(1);
    }
    const searched = await get<CallsPage>('/admin/public/calls?flag=high_rtt&search=high-rtt');
    expect(searched.body.data.calls.map((c) => c.id)).toEqual([callIds.get('high_rtt')]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/calls/export.csv?flag=low_mos',
      headers: auth,
    });
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect(csv.body.trim().split('\r\n')[1]).toMatch(/,low_mos$/);
  });

  it('refuses an unknown quality filter or flag, naming the field', async () => {
    for (const [query, field] of [
      ['flag=loud', 'flag'],
      ['quality=bad', 'quality'],
    ]) {
      const res = await get(`/admin/public/calls?${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('gives each crossing, with its side, time and value, in the call details', async () => {
    const details = await get<CallQuality>(`/admin/calls/${callIds.get('high_loss')}/quality`);
    expect(details.status).toBe(200);
    expect(details.body.data.crossings).toEqual([
      { side: 'caller', flag: 'high_loss', crossed_at: expect.any(String), value: expect.closeTo(5, 3) },
    ]);
    const samples = details.body.data.samples;
    // The seventh sample crossed it.
    expect(details.body.data.crossings[0]?.crossed_at).toBe(samples.at(-1)?.sampled_at);
    const mos = await get<CallQuality>(`/admin/calls/${callIds.get('low_mos')}/quality`);
    expect(mos.body.data.crossings).toMatchObject([{ flag: 'low_mos', value: expect.closeTo(3.17, 2) }]);
    const clean = await get<CallQuality>(`/admin/calls/${callIds.get('clean')}/quality`);
    expect(clean.body.data.crossings).toEqual([]);
  });

  it('writes a held condition once, and again after it cleared; the call keeps one flag', async () => {
    const caller = await server.appUser('held-caller', 100);
    const callee = await server.appUser('held-callee', 100);
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    const callId = invited.call.id;
    await ask(callee.socket, 'call_accept', { call_id: callId });
    await send(caller.socket, callId, [...repeat(5, [450, 5, 0]), ...repeat(3, [20, 2, 0])]);
    await send(callee.socket, callId, repeat(3, [450, 5, 0]));
    await send(caller.socket, callId, repeat(3, [450, 5, 0]));
    await until(
      async () =>
        (await t.db.select().from(callQualityCrossings).where(eq(callQualityCrossings.callId, callId)))
          .length === 3,
    );
    const details = await get<CallQuality>(`/admin/calls/${callId}/quality`);
    expect(details.body.data.crossings.map((c) => `${c.side}:${c.flag}`)).toEqual([
      'caller:high_rtt',
      'callee:high_rtt',
      'caller:high_rtt',
    ]);
    const [row] = await t.db.select({ flags: calls.qualityFlags }).from(calls).where(eq(calls.id, callId));
    expect(row?.flags).toEqual(['high_rtt']);
  });
});
