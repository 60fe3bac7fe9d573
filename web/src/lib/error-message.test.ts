import { describe, expect, it } from 'vitest';
import { apiRequest, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';

const FALLBACK = 'Could not load users.';

async function failureOf(response: () => Response | Promise<Response>): Promise<unknown> {
  mockFetch(response);
  return apiRequest('/admin/public/users').then(
    () => expect.fail('the call should have failed'),
    (error: unknown) => error,
  );
}

describe('errorMessage', () => {
  it("shows the server's detail, else its message", async () => {
    const detailed = await failureOf(() =>
      jsonResponse({ success: false, message: 'Conflict', detail: 'Username is already taken' }, 409),
    );
    expect(errorMessage(detailed, FALLBACK)).toBe('Username is already taken');
    const plain = await failureOf(() => jsonResponse({ success: false, message: 'User not found' }, 404));
    expect(errorMessage(plain, FALLBACK)).toBe('User not found');
  });

  it("falls back when the body is not the API's (a proxy's HTML 502) or says nothing", async () => {
    const html = await failureOf(
      () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
    );
    expect(errorMessage(html, FALLBACK)).toBe(FALLBACK);
    const empty = await failureOf(() => jsonResponse({ success: false, message: '' }, 500));
    expect(errorMessage(empty, FALLBACK)).toBe(FALLBACK);
  });

  it('gives the network message when the server cannot be reached', async () => {
    const offline = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(errorMessage(offline, FALLBACK)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('never shows a programming error to the admin', () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"), FALLBACK)).toBe(
      FALLBACK,
    );
    expect(errorMessage('boom', FALLBACK)).toBe(FALLBACK);
  });
});
