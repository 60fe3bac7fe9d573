// Child process of the socket fan-out bench: the real app and socket.io server on a fresh database,
// with one admin signed in BENCH_FANOUT_SESSIONS times (a session may hold only a few sockets), driven
// over IPC so the bench can time a broadcast from the moment it is sent. It trusts the loopback as a
// proxy, as the demo's traffic does, so each client can come from an address of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TRAFFIC_PROXIES } from '../server/src/config.ts';
import { authenticateAdmin } from '../server/src/modules/auth/authenticate.ts';
import { startRealtime } from '../server/src/realtime/socket-server.ts';
import { createTestApp, insertUser } from '../server/src/testing/test-app.ts';

export type FanoutRequest = { type: 'broadcast'; id: number } | { type: 'memory' } | { type: 'stop' };
export type FanoutReply =
  | { type: 'ready'; url: string; tokens: string[] }
  | { type: 'broadcast-sent'; id: number }
  | { type: 'memory'; rssMb: number; heapUsedMb: number; sockets: number };

const t = await createTestApp({
  dataDir: mkdtempSync(join(tmpdir(), 'switchboard-fanout-')),
  trustProxy: DEMO_TRAFFIC_PROXIES,
});
const admin = await insertUser(t.db, { username: 'fanout', isAdmin: true });
const tokens: string[] = [];
for (let i = 0; i < Number(process.env.BENCH_FANOUT_SESSIONS ?? 1); i++)
  tokens.push((await t.authHeader(admin)).authorization.replace(/^Bearer /, ''));
const realtime = await startRealtime(t.app.server, t.deps, t.app.log, {
  authenticate: (token) => authenticateAdmin(t.deps, token),
  blocks: t.app.blockedIps,
  monitoring: t.app.monitoring,
});
const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
const send = (reply: FanoutReply) => process.send?.(reply);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

process.on('message', async (message: FanoutRequest) => {
  if (message.type === 'broadcast') {
    // A real metrics sample, as the console receives every few seconds; its timestamp is the send time.
    const sample = await t.app.monitoring.current();
    realtime.io.emit('metrics', {
      ...sample,
      instance_id: `bench-${message.id}`,
      timestamp: new Date().toISOString(),
    });
    send({ type: 'broadcast-sent', id: message.id });
  } else if (message.type === 'memory') {
    // Twice: socket.io's buffers are freed in finalizers that the first pass only schedules.
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    globalThis.gc?.();
    const m = process.memoryUsage();
    send({
      type: 'memory',
      rssMb: mb(m.rss),
      heapUsedMb: mb(m.heapUsed),
      sockets: realtime.io.of('/').sockets.size,
    });
  } else if (message.type === 'stop') {
    await realtime.close();
    await t.close();
    process.exit(0);
  }
});
send({ type: 'ready', url, tokens });
