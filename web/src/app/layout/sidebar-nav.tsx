import { NavLink } from 'react-router';
import { CONSOLE_SCREENS, NAV_GROUPS, type SidebarEntry, STANDALONE_ENTRIES } from '@/app/console-screens.ts';
import { useRootAdminStatus } from '@/features/root-admin/api.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session-context.tsx';
import { cn } from '@/lib/utils.ts';
import { SCREEN_ICONS } from './screen-icons.ts';

const ENTRIES: readonly SidebarEntry[] = [...CONSOLE_SCREENS, ...STANDALONE_ENTRIES];
const SECTIONS = NAV_GROUPS.map((group) => ({
  group,
  screens: ENTRIES.filter((entry) => entry.group === group),
}));

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const can = useCan();
  // Registration is a dead end once a root exists: listed only when the server says none does yet.
  // A signed-in root is one, so only another admin's sidebar asks.
  const isRoot = useSession().user?.is_root_admin === true;
  const rootStatus = useRootAdminStatus({ enabled: !isRoot });
  const noRootYet = !isRoot && rootStatus.data?.existing_root_admins === 0 && rootStatus.data.enabled;
  // Areas the admin's role cannot read are not listed (a group left empty goes too).
  const sections = SECTIONS.map(({ group, screens }) => ({
    group,
    screens: screens.filter((entry) => can(entry.permission) && (!entry.untilRootExists || noRootYet)),
  })).filter(({ screens }) => screens.length > 0);
  return (
    <nav aria-label="Main" className="flex flex-col gap-6 px-3 py-4">
      {sections.map(({ group, screens }) => (
        <div key={group} className="flex flex-col gap-1">
          <p className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
            {group}
          </p>
          <ul className="flex flex-col gap-0.5">
            {screens.map(({ path, title, rootOnly }) => (
              <li key={path}>
                <NavLink
                  to={path}
                  // /settings is not lit on /settings/roles, which has its own entry.
                  end
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors outline-none',
                      'hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                      isActive &&
                        'bg-sidebar-accent text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                    )
                  }
                >
                  <ScreenIcon path={path} />
                  {title}
                  {rootOnly ? (
                    <span
                      className="ml-auto rounded bg-muted px-1.5 py-0.5 text-[10px] font-semibold uppercase"
                      title="Root administrators only"
                    >
                      Root<span className="sr-only"> only</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function ScreenIcon({ path }: { path: string }) {
  const Icon = SCREEN_ICONS[path];
  return Icon ? <Icon className="size-4 shrink-0" aria-hidden="true" /> : null;
}
