import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeSender } from './code-sender.ts';

/** A logger that keeps every line it is given, as JSON text. */
function recordingLog() {
  const lines: string[] = [];
  const write = (obj: unknown, msg?: string) => void lines.push(JSON.stringify({ obj, msg }));
  const log = { info: write, warn: write, error: write, debug: write } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const message = {
  userId: 'u1',
  username: 'ann',
  email: 'ann@example.test',
  code: '042917',
  expiresInSeconds: 300,
};

describe('one-time code senders', () => {
  const received: { url: string; body: Record<string, unknown> }[] = [];
  let status = 200;
  const server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    received.push({ url: req.url ?? '', body: JSON.parse(text) });
    res.writeHead(status).end('gateway says no, key=sk_live_123');
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the code to OTP_WEBHOOK_URL, and never logs the URL or its key, even on a failure', async () => {
    const { log, lines } = recordingLog();
    const url = `${base}/send?api_key=sk_live_123`;
    const sender = createCodeSender({ otpWebhookUrl: url, demoData: true }, log);
    await sender.send(message);
    expect(received.at(-1)).toMatchObject({
      url: '/send?api_key=sk_live_123',
      body: { type: 'one_time_code', email: 'ann@example.test', code: '042917', expires_in: 300 },
    });
    status = 502;
    await sender.send(message);
    await createCodeSender(
      { otpWebhookUrl: 'http://127.0.0.1:1/x?key=sk_live_123', demoData: false },
      log,
    ).send(message);
    expect(lines.length).toBe(2);
    for (const line of lines) {
      expect(line).not.toContain('sk_live_123');
      expect(line).not.toContain('042917');
    }
  });

  it('writes the code to the log only while demo data is on', async () => {
    const demo = recordingLog();
    await createCodeSender({ demoData: true }, demo.log).send(message);
    expect(demo.lines.join()).toContain('042917');
    const production = recordingLog();
    await createCodeSender({ demoData: false }, production.log).send(message);
    expect(production.lines).toHaveLength(1);
    expect(production.lines.join()).not.toContain('042917');
  });
});
