import { PERMISSIONS } from '@switchboard/contract/permissions';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { SessionContextValue } from '@/lib/session-context.tsx';
import { createFakeUsersServer, userId } from './fake-users-server.ts';

/**
 * The session every users-screen test runs in: the fake server's acting root admin.
 * Use as `vi.mock('@/lib/session-context.tsx', () => import('./testing/signed-in-root.ts'))`.
 */
export const ME = {
  id: userId(1),
  username: 'root',
  email: 'root@example.com',
  is_admin: true,
  is_root_admin: true,
  role: null,
  permissions: [...PERMISSIONS],
};

export function useSession(): SessionContextValue {
  return {
    user: ME,
    status: 'signed-in',
    signedOutByLogout: false,
    login: vi.fn(),
    verifyCode: vi.fn(),
    finishSignIn: vi.fn(),
    logout: vi.fn(),
  };
}

/** The canned users API, answering every request of the test at the network layer. */
export const serveFakeUsers = createFakeUsersServer;

/** renderScreen's wrapper: the mocked useSession above already answers, so it adds nothing. */
export function StaticSession({ children }: { children: ReactNode }) {
  return children;
}
