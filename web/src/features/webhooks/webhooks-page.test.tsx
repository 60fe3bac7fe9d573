import { WEBHOOK_MESSAGES, type WebhookEndpoint } from '@switchboard/contract/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { DELETE_WEBHOOK_CONFIRMATION, WebhooksPage } from './webhooks-page.tsx';

const AT = '2026-12-01T10:00:00.000Z';
const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  url: 'https://hooks.example.test/switchboard',
  description: 'Billing',
  events: ['call.ended'],
  format: 'standard',
  alert_rules: [],
  enabled: true,
  disabled_reason: null,
  max_in_flight: 8,
  consecutive_failures: 0,
  circuit_open_until: null,
  pending_deliveries: 3,
  dead_deliveries: 1,
  created_at: AT,
  updated_at: AT,
  ...over,
});

function serve(endpoints: WebhookEndpoint[], write: (call: FetchCall) => Response = () => jsonResponse({})) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/admin/webhooks')
      return jsonResponse({ success: true, data: { endpoints, events: [] } });
    return write(call);
  });
}

beforeAll(() => configureApiClient({ getAccessToken: () => 'token' }));

describe('Webhooks screen', { timeout: 20_000 }, () => {
  it('lists each endpoint with its health and its waiting and failed deliveries', async () => {
    serve([
      endpoint(),
      endpoint({
        id: '00000000-0000-4000-8000-0000000000a2',
        url: 'https://gone.example.test/',
        enabled: false,
        disabled_reason: WEBHOOK_MESSAGES.disabledGone,
        pending_deliveries: 0,
        dead_deliveries: 7,
      }),
    ]);
    renderScreen(<WebhooksPage />);
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(within(table).getByText('Healthy')).toBeInTheDocument();
    expect(within(table).getByText('3 / 1')).toBeInTheDocument();
    expect(within(table).getByText('0 / 7')).toBeInTheDocument();
    expect(within(table).getByText(WEBHOOK_MESSAGES.disabledGone)).toBeInTheDocument();
  });

  it('creates an endpoint and shows its signing secret once', async () => {
    const { calls } = serve([], () =>
      jsonResponse(
        {
          success: true,
          message: WEBHOOK_MESSAGES.created,
          data: { endpoint: endpoint(), secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' },
        },
        201,
      ),
    );
    const { user } = renderScreen(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    const url = within(dialog).getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'https://hooks.example.test/switchboard');
    await user.click(within(dialog).getByRole('checkbox', { name: 'user.created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      url: 'https://hooks.example.test/switchboard',
      events: ['call.ended', 'user.created'],
    });
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).not.toBeInTheDocument());
  });

  it('shows the field and the reason when the server refuses the URL', async () => {
    serve([], () =>
      jsonResponse(
        {
          success: false,
          message: WEBHOOK_MESSAGES.privateAddress,
          errors: [{ field: 'url', message: WEBHOOK_MESSAGES.privateAddress }],
        },
        400,
      ),
    );
    const { user } = renderScreen(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), '10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save Endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.privateAddress)).toBeInTheDocument();
  });

  it('asks before deleting an endpoint', async () => {
    const { calls } = serve([endpoint()], () =>
      jsonResponse({ success: true, message: WEBHOOK_MESSAGES.deleted }),
    );
    const { user } = renderScreen(<WebhooksPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete https://hooks.example.test/switchboard' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(DELETE_WEBHOOK_CONFIRMATION)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: /Delete|Confirm/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
