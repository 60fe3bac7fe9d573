import { LogOutIcon, UserCogIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CommandPaletteButton } from '@/app/layout/command-palette-button.tsx';
import { MobileSidebar } from '@/app/layout/mobile-sidebar.tsx';
import { ThemeToggle } from '@/app/layout/theme-toggle.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useSession } from '@/lib/session-context.tsx';

export function TopBar() {
  const { user, logout } = useSession();
  const [leaving, setLeaving] = useState(false);
  const initial = (user?.username.trim()[0] ?? '?').toUpperCase();

  // The signed-in routes' guard then goes to /login, without offering to return to this page.
  const onLogout = () => {
    setLeaving(true);
    void logout();
  };

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/75 sm:px-6">
      <MobileSidebar />
      <CommandPaletteButton />
      {/* Initial, username, email and Logout at every width; long names truncate. */}
      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary sm:size-9"
          >
            {initial}
          </span>
          <div className="flex min-w-0 max-w-40 flex-col leading-tight sm:max-w-64">
            <span className="truncate text-sm font-medium" title={user?.username}>
              {user?.username}
            </span>
            <span className="truncate text-xs text-muted-foreground" title={user?.email}>
              {user?.email}
            </span>
          </div>
        </div>
        <span className="h-6 w-px shrink-0 bg-border" aria-hidden="true" />
        <ThemeToggle />
        <Button variant="ghost" size="sm" className="px-2 sm:px-3" asChild>
          <Link to="/account" aria-label="Account">
            <UserCogIcon aria-hidden="true" />
            <span className="hidden sm:inline">Account</span>
          </Link>
        </Button>
        <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={onLogout} disabled={leaving}>
          <LogOutIcon aria-hidden="true" />
          Logout
        </Button>
      </div>
    </header>
  );
}
