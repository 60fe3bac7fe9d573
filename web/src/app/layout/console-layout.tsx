import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SidebarNav } from '@/app/layout/sidebar-nav.tsx';
import { TopBar } from '@/app/layout/top-bar.tsx';
import { Brand } from '@/components/brand.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** The signed-in shell: fixed sidebar on lg+, slide-over below (in the top bar), content on the right. */
export function ConsoleLayout() {
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r bg-sidebar lg:flex">
        <div className="flex h-16 items-center border-b px-5">
          <Brand />
        </div>
        <div className="flex-1 overflow-y-auto">
          <SidebarNav />
        </div>
      </aside>
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <TopBar />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">
            <Suspense fallback={<Spinner className="py-10" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
