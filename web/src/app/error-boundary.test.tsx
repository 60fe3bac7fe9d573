import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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
    const { calls } = mockFetch(() => jsonResponse({ success: true }, 201));
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
    mockFetch(() => jsonResponse({ success: true }, 201));
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
