import { CALL_REATTACH_GRACE_SECONDS, RING_TIMEOUT_SECONDS } from '@switchboard/contract/calling';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE } from '../../scripts/build-server.mjs';
import { testDatabaseUrl } from './config.ts';
import type { Executor } from './db/client.ts';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_STALE_AFTER_MS } from './modules/calling/presence-heartbeat.ts';
import { expectConsistentLedger } from './modules/coins/testing/ledger-check.ts';
import { type Simulation, simulatedAddress, startSimulation } from './simulator/simulation.ts';
import {
  type Cluster,
  callsEndedByServer,
  callsWaitingForAParty,
  startCluster,
} from './testing/cluster-harness.ts';
import {
  api,
  insertLoadUser,
  missingEntries,
  registerRootAdmin,
  sleep,
  startWriteLoad,
  until,
  type WriteLoad,
} from './testing/fault-harness.ts';
import { ProbeCall, ProbeParty } from './testing/probe-call.ts';

/*
 * Issue #45's cluster test (`npm run test:cluster`, a step of .ci/run): PostgreSQL, a redis-server, HAProxy
 * with deploy/haproxy.cfg as shipped and three compiled instances. Simulated app users talk in live calls
 * through HAProxy while a console admin writes coins; probe calls send numbered ICE candidates all along.
 * Then: deploy/rolling-restart.sh over the three, kill -9 of one, a 30 s Redis outage.
 * CLUSTER_SERVER_BUNDLE runs another checkout's compiled server under this test (a before-and-after).
 */
const databaseServer = testDatabaseUrl();
const bundle = process.env.CLUSTER_SERVER_BUNDLE || SERVER_BUNDLE;
const USERS = 30;
const SEED = 45;
const REDIS_OUTAGE_MS = 30_000;
/** The earliest and latest a crashed instance's unclaimed call can end `server_lost` after the kill:
 * its heartbeat row goes stale, a survivor's next beat takes the calls over, the grace runs out, and the
 * call timers (every second) act. */
const LOST_EARLIEST_MS = CALL_REATTACH_GRACE_SECONDS * 1000;
const LOST_LATEST_MS =
  PRESENCE_STALE_AFTER_MS + 2 * PRESENCE_HEARTBEAT_MS + CALL_REATTACH_GRACE_SECONDS * 1000 + 10_000;

/** Each phase's start on the test's output, so a slow or stuck run shows where it was. */
const phase = (what: string) =>
  console.log(`[cluster test ${new Date().toISOString().slice(11, 19)}] ${what}`);

let cluster: Cluster | undefined;
let simulation: Simulation | undefined;
let writes: WriteLoad | undefined;
const probes: ProbeCall[] = [];

afterAll(async () => {
  await writes?.stop();
  await simulation?.stop().catch(() => undefined);
  for (const probe of probes) probe.close();
  await cluster?.stop();
}, 60_000);

interface CallRow {
  id: string;
  status: string;
  end_reason: string | null;
  answered_at: Date | null;
  ended_at: Date | null;
  duration: number;
  coins_used: number;
  caller_instance_id: string | null;
  callee_instance_id: string | null;
  caller_heard_at: Date | null;
  callee_heard_at: Date | null;
  reattach_by: Date | null;
}

describe.skipIf(!databaseServer)('a cluster of three behind HAProxy (issue #45)', () => {
  it('keeps every live call through a rolling restart, a crash and a Redis outage, and loses no acknowledged event or write', async () => {
    if (process.env.CLUSTER_SERVER_BUNDLE === undefined) await buildServer();
    phase('starting PostgreSQL database, Redis, 3 instances, HAProxy');
    const c = await startCluster({ databaseServerUrl: databaseServer as string, bundle });
    cluster = c;
    const db = c.database;
    let happenings: string[] = [];
    const fail = (what: string) =>
      [
        what,
        '--- simulator:',
        ...happenings,
        '--- probes:',
        ...probes.map(
          (p) =>
            `${p.id}: ${JSON.stringify([p.caller.reconnects, p.callee.reconnects, p.caller.states.at(-1)])}`,
        ),
        c.output().slice(-20_000),
      ].join('\n');
    const rowsOf = (ids: { id: string }[]) =>
      db.query('select * from calls where id = any($1::bigint[])', [ids.map((r) => r.id)]);
    const admin = await registerRootAdmin(c.port);
    // A 503 is a request no instance processed (HAProxy had none up, or the one it reached was stopping).
    const grant = async (userId: string) => {
      for (let attempt = 1; ; attempt++) {
        const res = await api(c.port, '/admin/coins/add', {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({ user_id: userId, amount: 5000, description: 'cluster test' }),
        });
        if (res.status === 503 && attempt < 20) {
          await sleep(1000);
          continue;
        }
        expect(res.status, await res.text()).toBe(200);
        return;
      }
    };

    // The console keeps writing through HAProxy all along: each acknowledged entry must survive.
    writes = startWriteLoad([c.port], admin, await insertLoadUser(db, 'cluster_load'), 4);

    phase(`signing up ${USERS} app users and 4 probe calls`);
    // The simulator's users exist with coins before it signs them in (the demo shop is off).
    for (let i = 0; i < USERS; i += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, USERS - i) }, async (_, k) => {
          const n = i + k;
          const user = new ProbeParty(`sim_${SEED}_${n + 1}`, c.url, simulatedAddress(n), false);
          await user.signUp(`Sim-${SEED}-${n + 1}-Pass!`);
          await grant(user.id);
        }),
      );
    }
    // Probe calls through HAProxy, whose apps re-attach as the softphone does.
    for (let k = 0; k < 4; k++)
      probes.push(
        await ProbeCall.start(
          [`probe_${k}_a`, `probe_${k}_b`],
          [c.url, c.url],
          [simulatedAddress(1000 + 2 * k), simulatedAddress(1001 + 2 * k)],
          { reattach: true, beforeCall: (caller) => grant(caller.id) },
        ),
      );
    happenings = [];
    const note = (line: string) => {
      happenings.push(`${new Date().toISOString()} ${line}`);
      if (happenings.length > 300) happenings.shift();
    };
    simulation = startSimulation({
      url: c.url,
      onError: (what, message) => note(`${what}: ${message}`),
      onReattached: (ms, ok) => note(`re-attached ${ok ? 'ok' : 'refused'} after ${ms} ms`),
      users: USERS,
      rate: 1,
      seed: SEED,
      onlineShare: 1,
      talkMedianSeconds: 90,
      socialRate: 0.5,
    });
    phase('simulated users calling');
    const active = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from calls where status = 'active'`))[0]?.n ??
      0;
    await until(async () => (await active()) >= 10, 180_000).catch(() => {
      throw new Error(fail(`fewer than 10 live calls: ${JSON.stringify(simulation?.stats())}`));
    });

    // 1. A rolling restart of all three, one at a time, with deploy/rolling-restart.sh.
    phase(`rolling restart (deploy/rolling-restart.sh) with ${await active()} live calls`);
    const rollStart = new Date();
    const liveAtRoll = await active();
    const roll = await c.rollingRestart();
    expect(roll.code, fail(roll.output)).toBe(0);
    // Until no call waits for a party any more: by then each re-attached, or its grace ran out.
    await until(
      async () => (await callsWaitingForAParty(db)) === 0,
      (CALL_REATTACH_GRACE_SECONDS + 5) * 1000,
    ).catch(() => undefined);
    const rollSettled = new Date();
    const droppedInRoll = await callsEndedByServer(db, rollStart, rollSettled);
    expect(
      droppedInRoll,
      fail(
        `${liveAtRoll} calls were live at the restart; dropped: ${JSON.stringify(await rowsOf(droppedInRoll))}`,
      ),
    ).toEqual([]);
    for (const probe of probes) {
      expect(probe.caller.lastState?.status).toBe('active');
      expect(probe.caller.reconnects.length + probe.callee.reconnects.length).toBeGreaterThan(0);
    }

    // 2. kill -9 of instance 2, with a call on it whose apps never come back (lost with their phones).
    const victim = 1;
    const victimUrl = `http://127.0.0.1:${c.ports[victim]}`;
    const silent = await ProbeCall.start(
      ['silent_a', 'silent_b'],
      [victimUrl, victimUrl],
      [simulatedAddress(1100), simulatedAddress(1101)],
      { reattach: false, beforeCall: (caller) => grant(caller.id) },
    );
    probes.push(silent);
    await sleep(7000);
    const [victimRow] = await db.query<{ instance_id: string }>(
      'select instance_id from user_presence where user_id = $1',
      [silent.caller.id],
    );
    const victimId = victimRow?.instance_id as string;
    const carried = await db.query<CallRow>(
      `select * from calls where status = 'active' and (caller_instance_id = $1 or callee_instance_id = $1)`,
      [victimId],
    );
    phase(`kill -9 of instance 2, which carries ${carried.length} live calls`);
    const killAt = new Date();
    await c.crash(victim);
    const silentId = String(silent.id);
    const callRow = async (id: string) =>
      (await db.query<CallRow>('select * from calls where id = $1', [id]))[0] as CallRow;
    await until(async () => (await callRow(silentId)).status !== 'active', LOST_LATEST_MS).catch(() => {
      throw new Error(fail('the crashed instance’s unclaimed call is still live'));
    });
    await until(
      async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from calls where id = any($1::bigint[]) and status = 'active' and reattach_by is not null`,
            [carried.map((r) => r.id)],
          )
        )[0]?.n === 0,
      Math.max(0, killAt.getTime() + LOST_LATEST_MS - Date.now()),
    ).catch(() => undefined);
    const killSettled = new Date();

    const lost = await callRow(silentId);
    expect(lost).toMatchObject({ status: 'ended', end_reason: 'server_lost' });
    const sinceKill = (lost.ended_at as Date).getTime() - killAt.getTime();
    expect(sinceKill).toBeGreaterThanOrEqual(LOST_EARLIEST_MS);
    expect(sinceKill).toBeLessThanOrEqual(LOST_LATEST_MS);
    // Billed to the last moment either app was heard from (at most the kill), never to the end or due time.
    const talked = (killAt.getTime() - (lost.answered_at as Date).getTime()) / 1000;
    expect(lost.duration).toBeLessThanOrEqual(Math.ceil(talked));
    expect(lost.duration).toBeGreaterThanOrEqual(Math.floor(talked) - 7);
    expect(lost.coins_used).toBeGreaterThan(0);

    const killedCalls = await db.query<CallRow>('select * from calls where id = any($1::bigint[])', [
      carried.map((r) => r.id),
    ]);
    expect(killedCalls.length).toBeGreaterThan(1);
    for (const call of killedCalls) {
      const what = fail(`call ${call.id} carried by the killed instance: ${JSON.stringify(call)}`);
      if (call.status === 'active') {
        // Re-attached: both sides carried again, by instances that are alive.
        expect(call.reattach_by, what).toBeNull();
        expect([call.caller_instance_id, call.callee_instance_id], what).not.toContain(victimId);
        expect(call.caller_instance_id, what).not.toBeNull();
        expect(call.callee_instance_id, what).not.toBeNull();
      } else if (call.end_reason === 'server_lost') {
        const ended = (call.ended_at as Date).getTime() - killAt.getTime();
        expect(ended, what).toBeGreaterThanOrEqual(LOST_EARLIEST_MS);
        expect(ended, what).toBeLessThanOrEqual(LOST_LATEST_MS);
        const heard = Math.max(
          (call.answered_at as Date).getTime(),
          call.caller_heard_at?.getTime() ?? 0,
          call.callee_heard_at?.getTime() ?? 0,
        );
        expect(call.duration * 1000, what).toBeLessThanOrEqual(
          heard - (call.answered_at as Date).getTime() + 1000,
        );
      } else expect(call.end_reason, what).toBe('hangup');
    }
    // No other call was ended by the server meanwhile.
    const others = (await callsEndedByServer(db, killAt, killSettled)).filter(
      (r) => !carried.some((k) => k.id === r.id),
    );
    expect(others, fail('calls the killed instance did not carry were ended')).toEqual([]);

    // 3. Redis away for 30 s, with an invitation placed between two instances while it is.
    const calleeUrl = `http://127.0.0.1:${c.ports[2]}`;
    const inviter = new ProbeParty(
      'outage_caller',
      `http://127.0.0.1:${c.ports[0]}`,
      simulatedAddress(1200),
      false,
    );
    const invited = new ProbeParty('outage_callee', calleeUrl, simulatedAddress(1201), false);
    await inviter.signUp();
    await invited.signUp();
    await grant(inviter.id);
    await inviter.connect();
    await invited.connect();
    await until(async () => (await active()) >= 5, 30_000).catch(() => undefined);
    const acked = () => probes.map((p) => p.caller.acked.size + p.callee.acked.size);
    phase('Redis stopped for 30 s');
    const outageStart = new Date();
    await c.redisStop();
    await sleep(3000);
    const invitation = await inviter.ask('call_invite', { callee_id: invited.id, type: 'voice' });
    expect(invitation?.ok, JSON.stringify(invitation)).toBe(true);
    const invitedAt = Date.now();
    await sleep(REDIS_OUTAGE_MS - 3000);
    await c.redisStart();
    const outageEnd = new Date();
    const ackedAtReturn = acked();
    // Signalling flows again on every live probe call once Redis is back.
    const liveProbes = probes.filter((p) => p !== silent && p.caller.lastState?.status === 'active');
    await until(
      () =>
        liveProbes.every(
          (p) => p.caller.acked.size + p.callee.acked.size > (ackedAtReturn[probes.indexOf(p)] ?? 0),
        ),
      30_000,
    ).catch(() => {
      throw new Error(fail('a live probe call carried no signalling after Redis came back'));
    });
    // The invitation placed during the outage rang, or its caller heard it end, within the ring time-out.
    const callId = invitation?.ok ? invitation.call.id : 0;
    await until(
      () =>
        invited.states.some((s) => s.id === callId) ||
        inviter.states.some((s) => s.id === callId && s.status !== 'ringing'),
      Math.max(1000, invitedAt + (RING_TIMEOUT_SECONDS + 5) * 1000 - Date.now()),
    ).catch(() => {
      throw new Error(
        fail(
          `the invitation placed during the Redis outage neither rang nor ended: ${JSON.stringify(inviter.states)}`,
        ),
      );
    });
    inviter.close();
    invited.close();
    const afterOutage = new Date(Date.now() + 0);
    expect(await callsEndedByServer(db, outageStart, afterOutage)).toEqual([]);
    void outageEnd;

    phase('checking events, writes and the ledger');
    // Nothing acknowledged as delivered was lost, on any probe call, in any phase.
    for (const probe of probes) expect(probe.lost(), `probe call ${probe.id}`).toEqual([]);
    expect(probes.reduce((n, p) => n + p.caller.acked.size + p.callee.acked.size, 0)).toBeGreaterThan(100);

    // Every acknowledged write is there; the ledger adds up, and each call's charge is its ledger entry.
    await writes.stop();
    expect(writes.acknowledged.length).toBeGreaterThan(0);
    expect(await missingEntries(db, writes.acknowledged)).toEqual([]);
    await simulation.stop();
    simulation = undefined;
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      await expectConsistentLedger(drizzle(pool) as unknown as Executor);
    } finally {
      await pool.end();
    }
    const misbilled = await db.query(
      `select c.id, c.coins_used, t.amount from calls c left join coin_transactions t on t.idempotency_key = 'call:' || c.id
        where c.status in ('ended', 'missed', 'declined', 'failed') and c.coins_used <> coalesce(-t.amount, 0)`,
    );
    expect(misbilled).toEqual([]);
  }, 900_000);
});
