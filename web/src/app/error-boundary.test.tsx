import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, RouteErrorScreen } from '@/app/error-boundary.tsx';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';

let shouldThrow = true;
function Fragile() {
  const [label] = useState('All good');
  if (shouldThrow) throw new Error('Kaboom');
  return <p>{label}</p>;
}

describe('crash screen', () => {
  it('shows the spec texts, reports the crash and recovers with Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch(() => jsonResponse({ success: true, message: 'Error reported' }, 201));
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('If the problem persists, please contact support.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: '/api/v1/admin/errors',
      method: 'POST',
      body: {
        message: 'Kaboom',
        stack: expect.stringContaining('Kaboom'),
        componentStack: expect.stringContaining('Fragile'),
        userAgent: navigator.userAgent,
        url: window.location.href,
      },
    });
    const report = calls[0]?.body as { timestamp: string };
    expect(report.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    shouldThrow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('never throws when the report itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    mockFetch(() => Promise.reject(new TypeError('offline')));
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('route error screen', () => {
  it('replaces a crashed route and Try Again renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ success: true, message: 'Error reported' }, 201));
    shouldThrow = true;
    const router = createMemoryRouter([
      { path: '/', element: <Fragile />, errorElement: <RouteErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('All good')).toBeInTheDocument();
  });
});

describe('a screen whose code failed to download', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/users-page-1a2b.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://x.test/assets/calls.js'),
    Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
  ])('reloads the page on Try Again (%s), in the router and in the app boundary', async (failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ success: true, message: 'Error reported' }, 201));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();

    const router = createMemoryRouter([
      { path: '/', lazy: () => Promise.reject(failure), errorElement: <RouteErrorScreen /> },
    ]);
    const routed = render(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    routed.unmount();

    const Broken = lazy(() => Promise.reject(failure));
    render(
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for an ordinary crash', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ success: true, message: 'Error reported' }, 201));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
