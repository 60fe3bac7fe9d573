import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '@/app/error-boundary.tsx';
import { createQueryClient } from '@/app/query-client.ts';
import { appRoutes } from '@/app/routes.tsx';
import { SignedInToaster } from '@/app/signed-in-toaster.tsx';
import { AppConfigProvider } from '@/lib/app-config-context.tsx';
import { SessionProvider } from '@/lib/session-context.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <ErrorBoundary>
      <AppConfigProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
            <SignedInToaster />
          </SessionProvider>
        </QueryClientProvider>
      </AppConfigProvider>
    </ErrorBoundary>
  );
}
