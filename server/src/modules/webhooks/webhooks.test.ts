import type { WebhookDelivery, WebhookEndpoint } from '@switchboard/contract/webhooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserPush } from '../../realtime/user-push.ts';
import { until } from '../../testing/fault-harness.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { acceptCall, hangUpCall, inviteCall } from '../calls/call-lifecycle.service.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';
import { claimDeliveries } from './delivery-queue.repository.ts';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';

const log = pino({ level: 'silent' });
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

describe('webhooks', () => {
  let t: TestApp;
  let root: { authorization: string };
  let viewer: { authorization: string };
  let caller: string;
  let callee: string;
  const workers: DeliveryWorker[] = [];
  const receivers: Receiver[] = [];

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: root, ...(payload ? { payload } : {}) });
  const worker = (options: { leaseSeconds?: number } = {}) => {
    const started = startDeliveryWorker(t.db, log, {
      allowInternal: async () => true,
      idleMs: 20,
      retryBaseMs: 20,
      flushMs: 5,
      ...options,
    });
    workers.push(started);
    return started;
  };
  const receiver = async (options: { holdMs?: number } = {}) => {
    const started = await startWebhookReceiver(options);
    receivers.push(started);
    return started;
  };
  const createEndpoint = async (body: object) => {
    const res = await api('POST', '/admin/webhooks', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { endpoint: WebhookEndpoint; secret: string };
  };
  const allowPrivateAddresses = async (allowed: boolean) => {
    const settings = (await api('GET', '/admin/settings')).json().data;
    const res = await api('PUT', '/admin/settings', {
      ...settings,
      api: { ...settings.api, webhooks_allow_private_addresses: allowed },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ctx = () => ({ db: t.db, push: createUserPush(), clock: () => new Date() });
  const placeCall = async () => {
    const call = await inviteCall(ctx(), caller, { callee_id: callee, type: 'voice' });
    await acceptCall(ctx(), callee, call.id);
    await hangUpCall(ctx(), caller, call.id);
    return call.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    root = await t.authHeader(await insertUser(t.db, { username: 'root', isRootAdmin: true }));
    viewer = await t.authHeader(
      await insertUser(t.db, { username: 'viewer', isAdmin: true, adminRoleId: 'viewer' }),
    );
    caller = (await insertUser(t.db, { username: 'alice', coinBalance: 500 })).id;
    callee = (await insertUser(t.db, { username: 'bob' })).id;
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(receivers.map((r) => r.close()));
    await t.close();
  });

  it('refuses a receiver on a loopback address until the API settings allow private addresses', async () => {
    const res = await api('POST', '/admin/webhooks', { url: 'http://127.0.0.1:9/x', events: ['call.ended'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('private, loopback or link-local'),
      errors: [{ field: 'url' }],
    });
    const mapped = await api('POST', '/admin/webhooks', {
      url: 'http://[::ffff:10.0.0.1]/x',
      events: ['call.ended'],
    });
    expect(mapped.statusCode).toBe(400);
    await allowPrivateAddresses(true);
  });

  it('is for root and the webhooks:manage permission only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/webhooks', headers: viewer });
    expect(res.statusCode).toBe(403);
  });

  it('shows the signing secret once, with no-store, and never again nor in the audit log', async () => {
    const res = await api('POST', '/admin/webhooks', {
      url: 'http://127.0.0.1:9/once',
      events: ['user.created'],
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, endpoint } = res.json().data as { secret: string; endpoint: WebhookEndpoint };
    expect(secret).toMatch(/^whsec_/);
    const list = await api('GET', '/admin/webhooks');
    expect(list.body).not.toContain(secret);
    const rotated = await api('POST', `/admin/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.json().data.secret).not.toBe(secret);
    const audit = await t.db.execute(
      sql`select count(*)::int as n from audit_log where (coalesce(before::text, '') || coalesce(after::text, '')) like '%whsec_%'`,
    );
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });

  it("delivers a call's events signed per Standard Webhooks, in order, with the end's billing", async () => {
    const hook = await receiver();
    const { secret, endpoint } = await createEndpoint({
      url: hook.url,
      events: ['call.started', 'call.answered', 'call.ended'],
    });
    worker();
    const callId = await placeCall();
    await until(() => hook.received.length >= 3);
    const bodies = hook.verifiedBodies(secret);
    expect(bodies.map((b) => b.type)).toEqual(['call.started', 'call.answered', 'call.ended']);
    expect(bodies.every((b) => b.data.id === callId)).toBe(true);
    expect(bodies[2]?.data).toMatchObject({
      status: 'ended',
      end_reason: 'hangup',
      coins_used: expect.any(Number),
    });
    // The money the console shows for the call, not the old dollar rate.
    const shown = (await api('GET', `/admin/calls/${callId}`)).json().data;
    expect(bodies[2]?.data.cost_value).toEqual(shown.cost_value);
    expect(shown.cost_value).toMatchObject({ currency: expect.any(String) });
    expect(bodies.slice(0, 2).map((b) => b.data.cost_value)).toEqual([null, null]);
    expect(bodies[2]?.data.coins_used).toBe(shown.coins_used);
    const log = await api('GET', `/admin/webhooks/${endpoint.id}/deliveries`);
    const deliveries = log.json().data.deliveries as WebhookDelivery[];
    expect(deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(deliveries[0]?.history[0]).toMatchObject({ status_code: 200, response: 'ok' });
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });

  it('keeps retrying a receiver that is down, then delivers everything in order per call under the same webhook-ids', async () => {
    const hook = await receiver();
    // Down for its first six requests: fewer failures in a row than open the circuit (CIRCUIT_FAILURES),
    // counted by the receiver itself so a slow machine cannot let more failures in before it comes back.
    hook.answerWith(() => (hook.received.length < 6 ? 503 : 200));
    const { secret, endpoint } = await createEndpoint({
      url: hook.url,
      events: ['call.started', 'call.answered', 'call.ended'],
    });
    const calls = [await placeCall(), await placeCall(), await placeCall()];
    await until(async () => {
      const list = (await api('GET', '/admin/webhooks')).json().data.endpoints as WebhookEndpoint[];
      return list.find((e) => e.id === endpoint.id)?.pending_deliveries === 0;
    }, 20_000);
    const bodies = hook.verifiedBodies(secret);
    expect(bodies).toHaveLength(9);
    for (const id of calls)
      expect(bodies.filter((b) => b.data.id === id).map((b) => b.type)).toEqual([
        'call.started',
        'call.answered',
        'call.ended',
      ]);
    // Every attempt of a message carried its one id: a receiver drops a repeat by it.
    const ids = new Set(hook.received.map((r) => r.id));
    expect(ids.size).toBe(9);
    expect(hook.received.filter((r) => r.status === 503).every((r) => ids.has(r.id))).toBe(true);
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });

  it('turns an endpoint off when its receiver answers 410, and replays a dead delivery with its webhook-id', async () => {
    const hook = await receiver();
    hook.answerWith(() => 410);
    const { endpoint } = await createEndpoint({ url: hook.url, events: ['user.created'] });
    await api('POST', '/admin/users', {
      username: 'carol',
      email: 'carol@example.test',
      password: 'Password1!',
    });
    await until(async () => {
      const list = (await api('GET', '/admin/webhooks')).json().data.endpoints as WebhookEndpoint[];
      return list.find((e) => e.id === endpoint.id)?.enabled === false;
    });
    const listed = ((await api('GET', '/admin/webhooks')).json().data.endpoints as WebhookEndpoint[]).find(
      (e) => e.id === endpoint.id,
    );
    expect(listed?.disabled_reason).toContain('410');
    const [dead] = (await api('GET', `/admin/webhooks/${endpoint.id}/deliveries?status=dead`)).json().data
      .deliveries as WebhookDelivery[];
    expect(dead?.event_type).toBe('user.created');
    hook.answerWith(() => 200);
    expect((await api('PATCH', `/admin/webhooks/${endpoint.id}`, { enabled: true })).statusCode).toBe(200);
    const replay = await api('POST', `/admin/webhooks/${endpoint.id}/deliveries/${dead?.id}/replay`);
    expect(replay.json().message).toBe('1 delivery queued again');
    await until(() => hook.received.some((r) => r.status === 200));
    expect(hook.received.map((r) => r.id)).toEqual([dead?.message_id, dead?.message_id]);
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });

  it('sends a claimed delivery again after its worker died, under the same webhook-id, and loses none', async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint({ url: hook.url, events: ['security.event'] });
    await Promise.all(workers.map((w) => w.stop()));
    workers.length = 0;
    for (let i = 0; i < 5; i++)
      await t.db.transaction((tx) => enqueueWebhookEvent(tx, { type: 'security.event', data: { n: i } }));
    // A worker that claimed the batch and was killed before it sent or recorded anything.
    const claimed = await claimDeliveries(t.db, { batch: 100, leaseSeconds: 1 });
    expect(claimed).toHaveLength(5);
    worker();
    await until(() => hook.received.length >= 5);
    expect(hook.received.map((r) => r.id).sort()).toEqual(claimed.map((c) => c.messageId).sort());
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });

  it('keeps to the endpoint’s in-flight cap across two workers and delivers each event once', async () => {
    const hook = await receiver({ holdMs: 30 });
    const { endpoint } = await createEndpoint({
      url: hook.url,
      events: ['security.event'],
      max_in_flight: 2,
    });
    await Promise.all(workers.map((w) => w.stop()));
    workers.length = 0;
    worker();
    worker();
    for (let i = 0; i < 30; i++)
      await t.db.transaction((tx) => enqueueWebhookEvent(tx, { type: 'security.event', data: { n: i } }));
    await until(() => hook.received.length >= 30, 20_000);
    expect(hook.maxConcurrent).toBeLessThanOrEqual(2);
    expect(new Set(hook.received.map((r) => r.id)).size).toBe(30);
    expect(hook.received).toHaveLength(30);
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });

  it('sends alerts as a Slack message to an endpoint that routes that rule, and not the others', async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint({
      url: hook.url,
      events: ['alert.raised'],
      format: 'slack',
      alert_rules: ['disk'],
    });
    const raise = (rule: string, message: string) =>
      t.db.transaction((tx) =>
        enqueueWebhookEvent(tx, {
          type: 'alert.raised',
          data: { rule, severity: 'critical', message },
          alertRule: rule,
        }),
      );
    await raise('cpu', 'CPU usage 97.0% on a');
    await raise('disk', 'Disk usage 96.0% on a');
    await until(() => hook.received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.received.map((r) => JSON.parse(r.body))).toEqual([
      { text: '[Alert] critical disk: Disk usage 96.0% on a' },
    ]);
    await api('DELETE', `/admin/webhooks/${endpoint.id}`);
  });
});
