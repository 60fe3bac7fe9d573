import type { GeolocationStats, RecentLocation } from '@switchboard/contract/geolocation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { serveFetch } from '@/testing/mock-fetch.ts';
import { GeolocationPage } from './geolocation-page.tsx';

const STATS: GeolocationStats = {
  total_locations: 1234,
  unique_countries: 2,
  unique_cities: 3,
  most_visited_location: 'Paris, France',
  most_visited_count: 700,
  places: [
    { city: 'Paris', country: 'France', latitude: 48.85, longitude: 2.35, visits: 700 },
    { city: 'Berlin', country: 'Germany', latitude: 52.52, longitude: 13.4, visits: 500 },
  ],
};
const LOCATIONS: RecentLocation[] = [
  {
    id: 2,
    city: 'Paris',
    country: 'France',
    latitude: 48.856613,
    longitude: 2.352222,
    location_type: 'gps',
    accuracy: 12,
    user_id: 'u-paris',
    username: 'amelie',
    created_at: '2026-11-20T10:00:00Z',
  },
  {
    id: 1,
    city: 'Berlin',
    country: 'Germany',
    latitude: 52.52,
    longitude: 13.405,
    location_type: 'ip_address',
    accuracy: null,
    user_id: null,
    username: null,
    created_at: '2026-11-19T10:00:00Z',
  },
];

type Handler = (url: URL) => { status: number; body: unknown };
function serve(handler: Handler) {
  const requests: URL[] = [];
  serveFetch(
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      requests.push(url);
      const { status, body } = handler(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const healthy: Handler = (url) => {
  if (url.pathname.endsWith('/geolocation-stats')) return ok(STATS);
  const country = url.searchParams.get('country');
  return ok({ locations: LOCATIONS.filter((l) => !country || l.country === country) });
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/geolocation']}>
        <GeolocationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));
afterEach(() => vi.unstubAllGlobals());

describe('GeolocationPage', () => {
  it('shows the four cards and the recent locations with 4-decimal coordinates, source and accuracy', async () => {
    const requests = serve(healthy);
    renderPage();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Total Locations')).toBeInTheDocument();
    expect(screen.getByText('Countries')).toBeInTheDocument();
    expect(screen.getByText('Cities')).toBeInTheDocument();
    expect(screen.getByText('Most Visited')).toBeInTheDocument();
    expect(screen.getByText('700 visits')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent Locations' });
    expect(within(table).getByText('48.8566, 2.3522')).toBeInTheDocument();
    expect(within(table).getByText('GPS')).toBeInTheDocument();
    expect(within(table).getByText('IP address')).toBeInTheDocument();
    // Whose fix it is, by name and linked to their page.
    expect(within(table).getByRole('link', { name: 'amelie' })).toHaveAttribute('href', '/users/u-paris');
    expect(within(table).getByText('High')).toBeInTheDocument();
    expect(within(table).getByText('Medium')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'World map of locations' })).toBeInTheDocument();
    expect(requests.find((u) => u.pathname.endsWith('/geolocation-data'))?.searchParams.get('limit')).toBe(
      '50',
    );
  });

  it('filters the table to a country clicked on the map', async () => {
    const requests = serve(healthy);
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Locations' });
    const germany = document.querySelector('path[data-country="Germany"]');
    if (!germany) throw new Error('no Germany on the map');
    await user.click(germany);
    const table = () => screen.getByRole('table', { name: 'Recent Locations' });
    await waitFor(() => expect(within(table()).queryByText('Paris, France')).not.toBeInTheDocument());
    expect(within(table()).getByText('Berlin, Germany')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('country')).toBe('Germany');
  });

  it('says N/A and "No geolocation data available" when there is none', async () => {
    serve((url) =>
      url.pathname.endsWith('/geolocation-stats')
        ? ok({
            ...STATS,
            total_locations: 0,
            unique_countries: 0,
            unique_cities: 0,
            most_visited_location: null,
            most_visited_count: 0,
            places: [],
          })
        : ok({ locations: [] }),
    );
    renderPage();
    expect(await screen.findByText('No geolocation data available')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('shows "Failed to fetch geolocation data" with Retry, and the data after a successful retry', async () => {
    let fail = true;
    serve((url) =>
      fail ? { status: 500, body: { success: false, message: 'Internal Server Error' } } : healthy(url),
    );
    const user = renderPage();
    expect(await screen.findByText('Failed to fetch geolocation data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('table', { name: 'Recent Locations' })).toBeInTheDocument();
  });
});
