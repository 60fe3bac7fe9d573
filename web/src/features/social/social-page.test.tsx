import type { Like, SocialSummary } from '@switchboard/contract/social';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { serveFetch } from '@/testing/mock-fetch.ts';
import { SocialPage } from './social-page.tsx';

const SUMMARY: SocialSummary = {
  total_likes_given: 200,
  total_likes_received: 50,
  total_friends: 30,
  pending_friend_requests: 10,
  total_followers: 400,
  total_following: 400,
  mutual_friends: 12,
};
/** 45 likes, newest first, by liker0 … liker44; the even ones like a profile (user liked0, liked2…). */
const LIKES: Like[] = Array.from({ length: 45 }, (_, i) => ({
  id: 100 - i,
  user_id: `user-${i}`,
  username: `liker${i}`,
  target_type: i % 2 ? 'post' : 'profile',
  target_id: i % 2 ? `post_${i}` : `liked-id-${i}`,
  target_username: i % 2 ? null : `liked${i}`,
  created_at: '2026-11-20T10:00:00Z',
  is_active: true,
}));

function serve(fail = false) {
  const requests: URL[] = [];
  serveFetch(
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      requests.push(url);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (fail) return json(500, { success: false, message: 'Internal Server Error' });
      if (url.pathname.endsWith('/summary')) return json(200, { success: true, data: SUMMARY });
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const type = url.searchParams.get('target_type');
      const rows = LIKES.filter((l) => type === 'all' || l.target_type === type);
      return json(200, {
        success: true,
        data: {
          likes: rows.slice((page - 1) * size, page * size),
          total: rows.length,
          total_capped: false,
          page,
          size,
        },
      });
    }),
  );
  return requests;
}

function renderPage(entry = '/social-interactions') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <SocialPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));
afterEach(() => vi.unstubAllGlobals());

describe('SocialPage', () => {
  it('opens on the overview with the totals and the like and friend ratios in percent', async () => {
    serve();
    renderPage();
    for (const tab of ['Overview', 'Users', 'Likes', 'Friends', 'Follows'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(await screen.findByText('Mutual Friends')).toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByText('25.0%')).toBeInTheDocument(); // 50 received / 200 given
    expect(screen.getByText('75.0%')).toBeInTheDocument(); // 30 friends / (30 + 10 pending)
  });

  it('pages the likes 20 at a time with numbered pages and filters by target type', async () => {
    const requests = serve();
    const user = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Likes' }));
    const table = () => screen.getByRole('table', { name: 'Likes' });
    expect(await screen.findByText('liker0')).toBeInTheDocument();
    // People by name, linked to their page; the liked profile too, never its id.
    expect(within(table()).getByRole('link', { name: 'liker0' })).toHaveAttribute('href', '/users/user-0');
    expect(within(table()).getByRole('link', { name: 'liked0' })).toHaveAttribute(
      'href',
      '/users/liked-id-0',
    );
    expect(within(table()).queryByText('liked-id-0')).toBeNull();
    expect(within(table()).getByText('post_1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 45 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table()).findByText('liker20')).toBeInTheDocument();
    expect(within(table()).queryByText('liker19')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41–45 of 45 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(requests.at(-1)?.searchParams.get('size')).toBe('20');

    await user.click(screen.getByRole('combobox', { name: 'Target type' }));
    await user.click(await screen.findByRole('option', { name: 'Post' }));
    expect(await screen.findByText('Showing 1–20 of 22 likes')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('target_type')).toBe('post');
    expect(requests.at(-1)?.searchParams.get('page')).toBe('1');
  }, 15_000);

  it('shows the failure with Retry instead of rows', async () => {
    serve(true);
    renderPage('/social-interactions?tab=likes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
