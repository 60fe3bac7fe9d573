import type { AppConfig } from '@switchboard/contract/app-config';
import type { TokenResponse } from '@switchboard/contract/auth';
import { PERMISSIONS } from '@switchboard/contract/permissions';
import type { SessionUser } from '@switchboard/contract/session-user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/app/query-client.ts';
import { appRoutes } from '@/app/routes.tsx';
import { preloadConsole } from '@/app/routes-preload.ts';
import { DEFAULT_APP_CONFIG } from '@/lib/app-config.ts';
import { AppConfigProvider } from '@/lib/app-config-context.tsx';
import { ConsolePreload } from '@/lib/console-preload.ts';
import { SessionProvider } from '@/lib/session-context.tsx';
import { type StoredSession, writeStoredSession } from '@/lib/session-storage.ts';

export const TEST_USER: SessionUser = {
  id: 'u-1',
  username: 'admin',
  email: 'admin@example.com',
  is_admin: true,
  is_root_admin: true,
  role: null,
  permissions: [...PERMISSIONS],
};

/** A successful login or refresh answer, for TEST_USER unless overridden. */
export const tokenResponse = (overrides: Partial<TokenResponse> = {}): TokenResponse => ({
  success: true,
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 1800,
  user: TEST_USER,
  ...overrides,
});

/** Stores a session that stays valid (and needs no refresh) for an hour. */
export function storeSignedInSession(overrides: Partial<StoredSession> = {}): StoredSession {
  const session: StoredSession = {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt: Date.now() + 60 * 60 * 1000,
    user: TEST_USER,
    ...overrides,
  };
  writeStoredSession(session);
  return session;
}

export function Providers({
  children,
  config = DEFAULT_APP_CONFIG,
  preload = preloadConsole,
}: {
  children: ReactNode;
  config?: AppConfig;
  /** What a sign-in starts fetching: the app's console chunks unless a test watches it. */
  preload?: () => void;
}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return (
    <AppConfigProvider initialConfig={config}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ConsolePreload value={preload}>{children}</ConsolePreload>
        </SessionProvider>
      </QueryClientProvider>
    </AppConfigProvider>
  );
}

/** The whole app's routes in memory, starting at `path`. */
export function renderApp(path: string, config?: AppConfig, preload?: () => void) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const result = render(
    <Providers config={config} preload={preload}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}
