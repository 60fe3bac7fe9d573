import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { AuditLogTable } from './audit-log-table.tsx';

describe('AuditLogTable', () => {
  it('filters by admin and action on the server', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({
        success: true,
        data: {
          logs: [
            {
              id: 1,
              actor_id: 'a1',
              actor_username: 'root',
              action: 'ip.block',
              target_type: 'blocked_ip',
              target_id: '203.0.113.9',
              before: null,
              after: null,
              ip_address: '192.0.2.1',
              user_agent: null,
              timestamp: '2026-11-01T10:00:00.000Z',
            },
          ],
          total: 1,
          total_capped: false,
          page: 1,
          per_page: 20,
          total_pages: 1,
          next_cursor: null,
        },
      }),
    );
    const { user } = renderScreen(<AuditLogTable />);
    expect(await screen.findByText('ip.block')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Admin'), 'root');
    await user.type(screen.getByLabelText('Action'), 'ip.');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/v1/admin/security-logs?actor=root&action=ip.&page=1&per_page=20'),
    );
  });
});
