import { Agent, request } from 'undici';
import { guardedLookup } from './receiver-address.ts';

export const CONNECT_TIMEOUT_MS = 5_000;
export const ANSWER_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_KEPT_CHARS = 500;

export interface SendOutcome {
  /** The receiver's HTTP status, or null when there was no answer. */
  statusCode: number | null;
  latencyMs: number;
  /** The start of the answer, or why there was none. */
  response: string;
}

export interface WebhookSender {
  send(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome>;
  close(): Promise<void>;
}

/** The first characters of an answer; the rest is not read (leaving the loop closes the stream). */
async function answerStart(body: AsyncIterable<Buffer>): Promise<string> {
  let text = '';
  try {
    for await (const chunk of body) {
      text += chunk.toString('utf8');
      if (text.length >= RESPONSE_KEPT_CHARS) break;
    }
  } catch {
    // An answer cut off mid-body still has its status; the log keeps what arrived.
  }
  return text.slice(0, RESPONSE_KEPT_CHARS);
}

/** Why a request got no answer, in words an operator reads in the delivery log. */
function noAnswer(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'EWEBHOOKINTERNAL') return 'Refused: the host resolves only to internal addresses';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `No connection within ${CONNECT_TIMEOUT_MS / 1000} s`;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `No answer within ${ANSWER_TIMEOUT_MS / 1000} s`;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND') return 'Host name does not resolve';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection closed by the receiver';
  return code ? `Request failed (${code})` : 'Request failed';
}

/**
 * POSTs bodies with short connect and answer timeouts, never follows a redirect (a 3xx is a failure the
 * log shows), and connects only to addresses the receiver check allows, looked up at connect time.
 */
export function createWebhookSender(allowInternal: () => boolean): WebhookSender {
  const agent = new Agent({
    connect: { timeout: CONNECT_TIMEOUT_MS, lookup: guardedLookup(allowInternal) },
    headersTimeout: ANSWER_TIMEOUT_MS,
    bodyTimeout: ANSWER_TIMEOUT_MS,
    keepAliveTimeout: 10_000,
  });
  return {
    async send(url, headers, body) {
      const started = performance.now();
      try {
        const answer = await request(url, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json', 'user-agent': 'Switchboard-Webhooks/1', ...headers },
          body,
        });
        const text = await answerStart(answer.body);
        return {
          statusCode: answer.statusCode,
          latencyMs: Math.round(performance.now() - started),
          response: text,
        };
      } catch (error) {
        return {
          statusCode: null,
          latencyMs: Math.round(performance.now() - started),
          response: noAnswer(error),
        };
      }
    },
    close: () => agent.close(),
  };
}
