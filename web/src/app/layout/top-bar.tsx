import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MobileSidebar } from '@/app/layout/mobile-sidebar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useSession } from '@/lib/session-context.tsx';

export function TopBar() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const initial = (user?.username.trim()[0] ?? '?').toUpperCase();

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/75 sm:px-6">
      <MobileSidebar />
      <div className="ml-auto flex items-center gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
          >
            {initial}
          </span>
          <div className="hidden min-w-0 flex-col leading-tight sm:flex">
            <span className="truncate text-sm font-medium">{user?.username}</span>
            <span className="truncate text-xs text-muted-foreground">{user?.email}</span>
          </div>
        </div>
        <span className="h-6 w-px bg-border" aria-hidden="true" />
        <Button variant="ghost" size="sm" onClick={onLogout} disabled={leaving}>
          <LogOutIcon aria-hidden="true" />
          Logout
        </Button>
      </div>
    </header>
  );
}
