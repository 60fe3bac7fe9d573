import { AlertTriangleIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

interface CrashScreenProps {
  onReset?: () => void;
}

/** What an uncaught render error shows instead of the console, with a way back. */
export function CrashScreen({ onReset }: CrashScreenProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangleIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">An unexpected error occurred. Please try again.</p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {onReset && (
            <Button onClick={onReset}>
              <RotateCcwIcon aria-hidden="true" />
              Try Again
            </Button>
          )}
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload Page
          </Button>
        </div>
        <p className="mt-6 text-xs text-muted-foreground">If the problem persists, please contact support.</p>
      </div>
    </main>
  );
}
