import { callsEndpoints } from '@switchboard/contract/calls';
import { databaseEndpoints } from '@switchboard/contract/database';
import { BUILT_IN_ROLES, REPORTS_WRITE } from '@switchboard/contract/permissions';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Can } from '@/components/can.tsx';
import { holds, type Needed, useCan } from '@/lib/permissions.ts';
import { type SessionUser, StaticSession } from '@/lib/session-context.tsx';
import { TEST_USER } from '@/testing/render-app.tsx';

const as = (roleId: string): SessionUser => ({
  ...TEST_USER,
  is_root_admin: false,
  role: { id: roleId, name: roleId },
  permissions: [...(BUILT_IN_ROLES.find((r) => r.id === roleId)?.permissions ?? [])],
});

describe('holds', () => {
  it('answers from the role for a permission, a list (any one), or the endpoint a control calls', () => {
    const viewer = as('viewer');
    expect(holds(viewer, 'calls:read')).toBe(true);
    expect(holds(viewer, 'calls:write')).toBe(false);
    expect(holds(viewer, callsEndpoints.list)).toBe(true);
    expect(holds(viewer, callsEndpoints.end)).toBe(false);
    const support = as('support');
    expect(holds(support, REPORTS_WRITE)).toBe(true);
    expect(holds(support, 'safety:write')).toBe(false);
  });

  it('keeps root-only endpoints to root, lets root do everything, and nobody signed out anything', () => {
    const admin = as('admin');
    expect(holds(admin, databaseEndpoints.restore)).toBe(false);
    expect(holds(admin, databaseEndpoints.downloadBackup)).toBe(false);
    expect(holds(TEST_USER, databaseEndpoints.restore)).toBe(true);
    expect(holds(TEST_USER, 'admins:manage')).toBe(true);
    expect(holds(null, 'users:read')).toBe(false);
    // Nothing needed: a sidebar entry without a permission is for everyone.
    expect(holds(null, undefined)).toBe(true);
  });

  it('denies an endpoint that declares no permission, as the server does', () => {
    expect(holds(as('admin'), { access: 'admin' })).toBe(false);
  });
});

function Probe({ needed }: { needed: Needed }) {
  const can = useCan();
  return <output>{can(needed) ? 'yes' : 'no'}</output>;
}

describe('useCan and <Can>', () => {
  it('follow the signed-in admin: a Viewer is offered no write control, root is offered it', () => {
    const { rerender } = render(
      <StaticSession user={as('viewer')}>
        <Probe needed="users:write" />
        <Can needed={callsEndpoints.end} fallback={<span>read only</span>}>
          <button type="button">End call</button>
        </Can>
      </StaticSession>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('no');
    expect(screen.queryByRole('button', { name: 'End call' })).not.toBeInTheDocument();
    expect(screen.getByText('read only')).toBeInTheDocument();

    rerender(
      <StaticSession user={TEST_USER}>
        <Probe needed="users:write" />
        <Can needed={callsEndpoints.end}>
          <button type="button">End call</button>
        </Can>
      </StaticSession>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('yes');
    expect(screen.getByRole('button', { name: 'End call' })).toBeInTheDocument();
  });
});
