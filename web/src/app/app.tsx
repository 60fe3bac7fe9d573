import type { AppConfig } from '@switchboard/contract/app-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '@/app/error-boundary.tsx';
import { createQueryClient } from '@/app/query-client.ts';
import { preloadConsole } from '@/app/routes-preload.ts';
import { SignedInToaster } from '@/app/signed-in-toaster.tsx';
import { AppConfigProvider } from '@/lib/app-config-context.tsx';
import { ConsolePreload } from '@/lib/console-preload.ts';
import { SessionProvider } from '@/lib/session-context.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  router: AppRouter;
  /** Already fetched (hydration, prerender); otherwise the app waits for /config.json itself. */
  config?: AppConfig;
}

export function App({ router, config }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <AppConfigProvider initialConfig={config}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <ConsolePreload value={preloadConsole}>
              <RouterProvider router={router} />
            </ConsolePreload>
            <SignedInToaster />
          </SessionProvider>
        </QueryClientProvider>
      </AppConfigProvider>
    </ErrorBoundary>
  );
}
