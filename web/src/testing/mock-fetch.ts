import { http } from 'msw';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';
import { checkAgainstContract, offContractResponses } from './contract-check.ts';

export interface FetchCall {
  /** Path and query string, e.g. `/api/v1/admin/public/users?page=2`. */
  url: string;
  method: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Intercepts every request the app makes, at the network layer (msw). Started once for all web tests in
 * test-setup.ts; a request no test answers fails the test.
 */
export const network = setupServer();

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A response that the contract does not allow, sent on purpose to test how the app copes with a broken
 * server. Every other request and response is parsed by its endpoint's contract schemas.
 */
export function offContract(response: Response): Response {
  offContractResponses.add(response);
  return response;
}

/**
 * Answers every request of the test with `handler`, which sees each call's path, method, headers and
 * parsed body; a handler that throws is a network failure. `spy` and `calls` record the requests.
 */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const spy = vi.fn<(call: FetchCall) => void>();
  network.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.clone().text();
      const call: FetchCall = {
        url: `${url.pathname}${url.search}`,
        method: request.method,
        headers: Object.fromEntries(request.headers.entries()),
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      spy(call);
      let response: Response;
      try {
        response = await handler(call);
      } catch {
        return Response.error();
      }
      await checkAgainstContract(call, response);
      return response;
    }),
  );
  return { spy, calls };
}
