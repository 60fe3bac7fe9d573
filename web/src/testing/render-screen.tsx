import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { type SessionUser, StaticSession } from '@/lib/session-context.tsx';
import { TEST_USER } from '@/testing/render-app.tsx';

/**
 * A screen with a fresh query client (no retries), a data router (as createBrowserRouter gives the console,
 * so useBlocker works) and the toaster, as the console mounts it,
 * signed in as `as` (a root admin unless told): its write controls follow that admin's permissions.
 */
export function renderScreen(screen: ReactNode, initialEntry = '/', as: SessionUser = TEST_USER) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: '*', element: screen }], { initialEntries: [initialEntry] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <StaticSession user={as}>
        <RouterProvider router={router} />
      </StaticSession>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, router };
}
