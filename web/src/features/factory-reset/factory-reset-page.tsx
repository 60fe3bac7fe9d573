import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';

/**
 * Reachable signed in or out; the preview and form arrive with their own issue.
 * Until then the page only offers the way back (a signed-out visitor goes on to the login page).
 */
export function FactoryResetPage() {
  return (
    <main className="min-h-dvh bg-background px-4 py-10 sm:px-6">
      <div className="mx-auto w-full max-w-3xl">
        <PageHeader
          title="Factory Reset"
          actions={
            <Button asChild variant="outline">
              <Link to="/dashboard">
                <ArrowLeftIcon aria-hidden="true" />
                Return to Dashboard
              </Link>
            </Button>
          }
        />
      </div>
    </main>
  );
}
