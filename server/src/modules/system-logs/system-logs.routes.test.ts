import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLogs } from '../../db/schema/system.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { pruneOldSystemLogs } from './log-retention.ts';
import { createSystemLogStream, systemLogEntryOf } from './system-log-stream.ts';
import { recordSystemLog } from './system-logs.repository.ts';

describe('system logs', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/system-logs?${query}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { logs: { message: string; level: string; module: string }[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'logs-admin', isAdmin: true }));
    const at = (hoursAgo: number) => sql`now() - make_interval(hours => ${hoursAgo})`;
    await t.db.insert(systemLogs).values([
      { level: 'ERROR', module: 'auth', message: 'token store unreachable', createdAt: at(1) },
      { level: 'ERROR', module: 'calls', message: 'token refresh failed', createdAt: at(2) },
      { level: 'WARNING', module: 'auth', message: 'token nearly expired', createdAt: at(3) },
      { level: 'ERROR', module: 'auth', message: 'database timeout', createdAt: at(30) },
      { level: 'INFO', module: 'auth', message: 'token issued 100%_done', createdAt: at(50) },
    ]);
  });
  afterAll(() => t.close());

  it('combines level, module, text and time filters with AND', async () => {
    // Other tests add logs under modules of their own; the five seeded here are auth and calls.
    expect((await list('module=auth')).total).toBe(4);
    expect((await list('module=calls')).total).toBe(1);
    expect((await list('level=ERROR')).total).toBe(3);
    expect((await list('level=ERROR&module=auth')).logs.map((l) => l.message)).toEqual([
      'token store unreachable',
      'database timeout',
    ]);
    expect((await list('level=ERROR&module=auth&search=TOKEN')).logs.map((l) => l.message)).toEqual([
      'token store unreachable',
    ]);
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    const recentAuth = await list(`module=auth&start=${encodeURIComponent(since)}`);
    expect(recentAuth.logs.map((l) => l.message)).toEqual([
      'token store unreachable',
      'token nearly expired',
    ]);
    const until = new Date(Date.now() - 2.5 * 3600_000).toISOString();
    expect((await list(`search=token&end=${encodeURIComponent(until)}`)).logs.map((l) => l.message)).toEqual([
      'token nearly expired',
      'token issued 100%_done',
    ]);
    // % and _ are matched literally.
    expect((await list('search=100%25_')).total).toBe(1);
    expect((await list('search=0%25d')).total).toBe(0);
  });

  it('continues from next_cursor exactly where the page numbers go, filtered or not', async () => {
    type Page = { logs: { message: string }[]; next_cursor: string | null; total: number };
    for (const filter of ['', 'module=auth&']) {
      const first = (await list(`${filter}per_page=2`)) as unknown as Page;
      const byNumber = (await list(`${filter}per_page=2&page=2`)) as unknown as Page;
      expect(first.next_cursor).not.toBeNull();
      const byCursor = (await list(
        `${filter}per_page=2&page=2&cursor=${first.next_cursor}`,
      )) as unknown as Page;
      expect(byCursor.logs.map((l) => l.message)).toEqual(byNumber.logs.map((l) => l.message));
      expect(byCursor.total).toBe(first.total);
    }
    const last = (await list('module=auth&per_page=4')) as unknown as Page;
    expect(last.logs).toHaveLength(4);
    const after = (await list(`module=auth&per_page=4&cursor=${last.next_cursor}`)) as unknown as Page;
    expect(after.logs).toHaveLength(0);
    expect(after.next_cursor).toBeNull();
    const forged = Buffer.from(JSON.stringify(['yesterday', '1'])).toString('base64url');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/system-logs?cursor=${forged}`,
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pages 20 at a time, newest first', async () => {
    for (let i = 0; i < 25; i++)
      await recordSystemLog(t.db, { level: 'DEBUG', module: 'paging', message: `p${i}` });
    const first = await list('module=paging');
    expect(first.logs).toHaveLength(20);
    expect(first.total).toBe(25);
    expect(first.logs[0]?.message).toBe('p24');
    expect((await list('module=paging&page=2')).logs.map((l) => l.message)).toEqual([
      'p4',
      'p3',
      'p2',
      'p1',
      'p0',
    ]);
  });

  it('names the user of a log line by username beside the id (null when there is none)', async () => {
    const user = await insertUser(t.db, { username: 'log-subject' });
    await recordSystemLog(t.db, { level: 'INFO', module: 'naming', message: 'named', userId: user.id });
    await recordSystemLog(t.db, { level: 'INFO', module: 'naming', message: 'anonymous' });
    const { logs } = (await list('module=naming')) as unknown as {
      logs: { message: string; user_id: string | null; username: string | null }[];
    };
    expect(logs.map((l) => [l.message, l.user_id, l.username])).toEqual([
      ['anonymous', null, null],
      ['named', user.id, 'log-subject'],
    ]);
  });

  it('stats count by level from the counters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/system-logs/stats', headers: auth });
    const stats = res.json().data;
    expect(stats.error_logs).toBe(3);
    expect(stats.warning_logs).toBe(1);
    expect(stats.total_logs).toBe((await list('')).total);
  });

  it('persists pino lines in batches, skipping per-request info lines', async () => {
    expect(
      systemLogEntryOf(JSON.stringify({ level: 30, msg: 'request completed', res: { statusCode: 200 } })),
    ).toBeNull();
    expect(
      systemLogEntryOf(
        JSON.stringify({ level: 50, msg: 'boom', module: 'calls', ip: '192.0.2.1', extra: 1 }),
      ),
    ).toEqual({
      level: 'ERROR',
      message: 'boom',
      module: 'calls',
      userId: null,
      ip: '192.0.2.1',
      details: { extra: 1 },
    });
    const printed: string[] = [];
    const stream = createSystemLogStream(t.db, { write: (line) => printed.push(line) });
    stream.write(`${JSON.stringify({ level: 60, msg: 'disk full', module: 'backup' })}\n`);
    stream.write(`${JSON.stringify({ level: 30, msg: 'incoming request', req: { method: 'GET' } })}\n`);
    expect(printed).toHaveLength(2);
    expect((await list('module=backup')).total).toBe(0);
    await stream.close();
    const saved = await list('module=backup');
    expect(saved.logs.map((l) => [l.level, l.message])).toEqual([['CRITICAL', 'disk full']]);
  });

  it('prunes logs older than the retention setting', async () => {
    await t.db.insert(systemLogs).values({
      level: 'INFO',
      module: 'old',
      message: 'ancient',
      createdAt: sql`now() - interval '40 days'`,
    });
    expect(await pruneOldSystemLogs(t.db)).toBe(1);
    expect((await list('module=old')).total).toBe(0);
    expect((await list('module=auth')).total).toBe(4);
  });
});
