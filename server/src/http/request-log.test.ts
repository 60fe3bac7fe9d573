import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLogEntryOf } from '../modules/system-logs/system-log-stream.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('request log lines', () => {
  let t: TestApp;
  const lines: string[] = [];
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, undefined, {
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    });
  });
  afterAll(() => t.close());

  it('writes one line per request at info, with method, URL, status, response time and request id', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/simple?x=1' });
    expect(res.statusCode).toBe(200);
    const [line, ...rest] = parsed();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/v1/health/simple?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('is not kept in system_logs, while an info line that only mentions it is', () => {
    expect(lines).toHaveLength(1);
    expect(systemLogEntryOf(lines[0] as string)).toBeNull();
    const mention = JSON.stringify({ level: 30, msg: 'the request completed "msg":"request completed"}' });
    expect(systemLogEntryOf(`${mention}\n`)?.message).toBe(
      'the request completed "msg":"request completed"}',
    );
  });

  it('says when a request comes in at debug level', async () => {
    t.app.log.level = 'debug';
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/v1/health/simple' });
    t.app.log.level = 'info';
    expect(parsed().map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    const [incoming, completed] = parsed();
    expect(incoming?.reqId).toBe(completed?.reqId);
  });
});
