import type { OfficialMessage } from '@switchboard/contract/official-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { rowOf } from '@/testing/table-row.ts';
import { OfficialMessagesPage } from './official-messages-page.tsx';

const message: OfficialMessage = {
  id: 7,
  title: 'Big update',
  content: 'New features',
  message_type: 'update',
  priority: 'high',
  is_important: true,
  is_sticky: false,
  is_urgent: true,
  image_url: null,
  image_alt: null,
  status: 'sent',
  sent_at: '2026-11-20T10:00:00.000Z',
  total_recipients: 200,
  delivered_count: 150,
  read_count: 90,
  acknowledged_count: 12,
  created_at: '2026-11-20T09:00:00.000Z',
  created_by: null,
};
const draft: OfficialMessage = {
  ...message,
  id: 8,
  title: 'Draft note',
  status: 'draft',
  is_important: false,
  is_urgent: false,
};

const STATS = {
  total_recipients: 200,
  delivered_count: 150,
  read_count: 90,
  acknowledged_count: 12,
  read_rate: 0.45,
};

// Fetch is stubbed by hand here, not through the network layer: jsdom's File loses its name when Node's
// fetch serialises the multipart body, and the image's name is part of what this screen must send.
function serve(handler: (path: string, method: string) => { status: number; body: unknown } | undefined) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body });
      const answer = handler(url.pathname, method) ?? {
        status: 200,
        body: url.pathname.endsWith('/stats')
          ? { success: true, data: STATS }
          : { success: true, data: { messages: [message, draft], has_more: false } },
      };
      return jsonResponse(answer.body, answer.status);
    }),
  );
  return calls;
}

/** The file input accepts images only; the user picks any file, so the screen's own check is what is tested. */
function renderPage() {
  renderScreen(<OfficialMessagesPage />);
  return userEvent.setup({ applyAccept: false });
}

afterEach(() => vi.unstubAllGlobals());

describe('OfficialMessagesPage', () => {
  it('lists messages with badges and counts, and opens the stats', async () => {
    serve(() => undefined);
    const user = renderPage();
    await screen.findByText('Big update');
    const row = rowOf('Big update');
    expect(row.getByText('Important')).toBeInTheDocument();
    expect(row.getByText('Urgent')).toBeInTheDocument();
    expect(row.queryByText('Sticky')).toBeNull();
    for (const n of ['200', '150', '90', '12']) expect(row.getByText(n)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete Big update' })).toBeNull();
    await user.click(row.getByRole('button', { name: 'View Big update' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('45% read rate')).toBeInTheDocument();
  });

  it('shows the fetch error with Retry, never sample messages', async () => {
    serve(() => ({ status: 500, body: { success: false, message: 'Internal error' } }));
    renderPage();
    expect(await screen.findByText('Failed to fetch messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Big update')).toBeNull();
  });

  it('checks the form: required fields, a non-image, an oversize image; then sends multipart', async () => {
    const calls = serve((path, method) =>
      method === 'POST' && path.endsWith('/official-messages')
        ? { status: 201, body: { success: true, data: { ...draft, id: 9 } } }
        : undefined,
    );
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Message' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title *'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save as Draft' }));
    expect(await within(dialog).findByText('Title and content are required')).toBeInTheDocument();

    const input = within(dialog).getByLabelText('Image');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Please select a valid image file')).toBeInTheDocument();
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await within(dialog).findByText('Image size must be less than 5MB')).toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array([0x89, 0x50])], 'ok.png', { type: 'image/png' }));
    await user.type(within(dialog).getByLabelText('Title *'), 'Hello');
    await user.type(within(dialog).getByLabelText('Content *'), 'World');
    await user.click(within(dialog).getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('title')).toBe('Hello');
    expect(sent.get('message_type')).toBe('announcement');
    expect(sent.get('priority')).toBe('normal');
    expect(sent.get('is_important')).toBe('false');
    expect((sent.get('image') as File).name).toBe('ok.png');
  }, 20_000);

  it('"Create & Send to All Users" asks first with the recipient count; Cancel saves and sends nothing', async () => {
    const calls = serve((path) =>
      path.endsWith('/audience-preview')
        ? { status: 200, body: { success: true, data: { recipients: 1939 } } }
        : undefined,
    );
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Message' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title *'), 'Hello');
    await user.type(within(dialog).getByLabelText('Content *'), 'World');
    await user.click(within(dialog).getByRole('button', { name: 'Create & Send to All Users' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(await within(confirm).findByText('Send to 1,939 users?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url).pathname)).toEqual([
      '/api/v1/admin/audience-preview',
    ]);
  }, 20_000);

  it('asks before deleting a draft', async () => {
    serve(() => undefined);
    const user = renderPage();
    await screen.findByText('Draft note');
    await user.click(rowOf('Draft note').getByRole('button', { name: 'Delete Draft note' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this message?')).toBeInTheDocument();
  });
});
