import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A receiver on 127.0.0.1 that records every request and answers `answer()` (200 unless told otherwise),
 * and counts how many requests it holds at once (`maxConcurrent`).
 */
export async function startWebhookReceiver(options: { holdMs?: number } = {}) {
  const received: Received[] = [];
  let answer: () => number = () => 200;
  let open = 0;
  let maxConcurrent = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      open++;
      maxConcurrent = Math.max(maxConcurrent, open);
      const status = answer();
      received.push({ id: String(req.headers['webhook-id']), headers: req.headers, body, status });
      setTimeout(() => {
        open--;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      }, options.holdMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith(next: () => number) {
      answer = next;
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    /** The bodies this receiver accepted (2xx), verified with the Standard Webhooks library's own verifier. */
    verifiedBodies(secret: string): { type: string; data: Record<string, unknown> }[] {
      const verifier = new Webhook(secret);
      return received
        .filter((r) => r.status >= 200 && r.status < 300)
        .map(
          (r) =>
            verifier.verify(r.body, r.headers as Record<string, string>) as {
              type: string;
              data: Record<string, unknown>;
            },
        );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
