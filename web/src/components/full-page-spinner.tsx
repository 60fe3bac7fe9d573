import { Spinner } from '@/components/ui/spinner.tsx';

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={label} showLabel />
    </div>
  );
}
