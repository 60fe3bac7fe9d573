import { http } from 'msw';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';
import { checkAgainstContract, offContractResponses } from './contract-check.ts';
import type { FetchCall } from './fetch-call.ts';

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Intercepts every request the app makes, at the network layer (msw). Started once for all web tests in
 * test-setup.ts; a request no test answers fails the test.
 */
export const network = setupServer();

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What a proxy answers when the API is down: no API body, so a screen shows its own failure text. */
export const gatewayError = (): Response =>
  new Response('<html><body>502 Bad Gateway</body></html>', {
    status: 502,
    headers: { 'Content-Type': 'text/html' },
  });

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
      // The live socket is no HTTP endpoint of the contract; in tests it never connects.
      if (url.pathname.startsWith('/socket.io/')) return Response.error();
      const call: FetchCall = {
        url: `${url.pathname}${url.search}`,
        method: request.method,
        headers: Object.fromEntries(request.headers.entries()),
        body: await bodyOf(request.clone()),
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

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    // Rebuilt with the page's own FormData and File, as the app built it.
    const form = new FormData();
    for (const [name, value] of (await request.formData()).entries())
      form.append(
        name,
        typeof value === 'string'
          ? value
          : new File([await value.arrayBuffer()], value.name, { type: value.type }),
      );
    return form;
  }
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('json') ? JSON.parse(text) : text;
}

/**
 * Routes a fetch-shaped fake (`(url, init) => Response`) through the network layer, so its answers are
 * checked against the contract like mockFetch's. The fake sees the absolute URL, the method, the
 * headers and the body (JSON as text, multipart as FormData).
 */
export function serveFetch(fake: (input: string, init: RequestInit) => Response | Promise<Response>) {
  return mockFetch((call) =>
    fake(new URL(call.url, window.location.origin).href, {
      method: call.method,
      headers: call.headers,
      body:
        call.body === undefined || call.body instanceof FormData || typeof call.body === 'string'
          ? call.body
          : JSON.stringify(call.body),
    }),
  );
}
