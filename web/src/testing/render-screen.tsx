import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';

/** A screen with a fresh query client (no retries), a router and the toaster, as the console mounts it. */
export function renderScreen(screen: ReactNode, initialEntry = '/') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>{screen}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}
