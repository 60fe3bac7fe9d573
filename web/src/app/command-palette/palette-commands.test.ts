import { BUILT_IN_ROLES } from '@switchboard/contract/permissions';
import { describe, expect, it } from 'vitest';
import { holds, type Needed } from '@/lib/permissions.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { actionCommands, callCommand, callIdOf, matchCommands, screenCommands } from './palette-commands.ts';

const canAs = (roleId: string) => {
  const role = BUILT_IN_ROLES.find((r) => r.id === roleId);
  const user = { is_root_admin: false, permissions: [...(role?.permissions ?? [])] };
  return (needed: Needed) => holds(user, needed);
};
const root = (needed: Needed) => holds(TEST_USER, needed);
const labels = (commands: { label: string }[]) => commands.map((c) => c.label);

describe('the command palette list', () => {
  it('offers a root admin every screen, the account and both actions', () => {
    const screens = labels(screenCommands(root));
    for (const title of [
      'Dashboard',
      'Users',
      'Calls',
      'Security',
      'Admin Roles',
      'Factory Reset',
      'Account',
    ])
      expect(screens).toContain(title);
    expect(labels(actionCommands(root))).toEqual(['Block an IP', 'New notification']);
  });

  it('leaves out what the role cannot open or do, as the sidebar does', () => {
    const support = canAs('support');
    const screens = labels(screenCommands(support));
    expect(screens).toContain('Users');
    expect(screens).not.toContain('Database');
    expect(screens).not.toContain('Admin Roles');
    const viewer = canAs('viewer');
    expect(labels(actionCommands(viewer))).toEqual([]);
  });

  it('reads a call id from digits, with or without #, and nothing else', () => {
    expect(callIdOf('42')).toBe(42);
    expect(callIdOf(' #1234 ')).toBe(1234);
    expect(callIdOf('alice')).toBeNull();
    expect(callIdOf('0')).toBeNull();
    expect(callIdOf('12ab')).toBeNull();
    expect(callCommand('42', root)).toMatchObject({ label: 'Open call 42', to: '/calls?call=42' });
    expect(callCommand('42', () => false)).toBeNull();
  });

  it('matches every typed word, label starts first, keywords too', () => {
    const screens = screenCommands(root);
    expect(labels(matchCommands(screens, 'set'))[0]).toBe('Settings');
    expect(labels(matchCommands(screens, 'real mon'))).toEqual(['Real-time Monitor']);
    expect(labels(matchCommands(actionCommands(root), 'ban'))).toEqual(['Block an IP']);
    expect(matchCommands(screens, 'zzzz')).toEqual([]);
    expect(matchCommands(screens, '  ')).toHaveLength(screens.length);
  });
});
