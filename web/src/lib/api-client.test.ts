import { callsEndpoints } from '@switchboard/contract/calls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { ApiRequestError, configureApiClient, downloadEndpoint } from './api-client.ts';

afterEach(() => {
  vi.restoreAllMocks();
  configureApiClient({ getAccessToken: () => null, onUnauthorized: () => {} });
});

/** Records what the browser is asked to save. */
function savedFiles() {
  const saved: { name: string; text: Promise<string> }[] = [];
  let blob: Blob | null = null;
  URL.createObjectURL = (b: Blob) => {
    blob = b;
    return 'blob:saved';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blob ? blobText(blob) : Promise.resolve('') });
  });
  return saved;
}

/**
 * Node 20's fetch hands back its own Blob, which has text(); Node 26's builds the global Blob, jsdom's
 * here, which has not: read that one as a page would.
 */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('downloadEndpoint', () => {
  it('fetches a file endpoint with the session token and saves it under the server-given name', async () => {
    configureApiClient({ getAccessToken: () => 'tok-1' });
    const saved = savedFiles();
    const { calls } = mockFetch(
      () =>
        new Response('id,caller_username\n1,ann\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="calls-2026-11-01.csv"',
          },
        }),
    );
    await downloadEndpoint(callsEndpoints.exportCsv, { query: { status: 'missed', type: 'voice' } });
    expect(calls[0]?.url).toBe('/api/v1/admin/calls/export.csv?status=missed&type=voice');
    expect(calls[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(saved.map((f) => f.name)).toEqual(['calls-2026-11-01.csv']);
    expect(await saved[0]?.text).toBe('id,caller_username\n1,ann\n');
  });

  it("fails with the server's message and ends the session on 401, saving nothing", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getAccessToken: () => 'expired', onUnauthorized });
    const saved = savedFiles();
    mockFetch(() => jsonResponse({ success: false, message: 'Session expired' }, 401));
    const failure = downloadEndpoint(callsEndpoints.exportCsv, { query: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(saved).toEqual([]);
  });
});
