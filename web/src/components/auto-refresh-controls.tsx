import { RotateCwIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';

interface AutoRefreshControlsProps {
  /** The checkbox's label, e.g. "Auto-refresh (30s)". */
  label: string;
  /** Whether auto-refresh is on, and its setter (a useState pair). */
  state: readonly [boolean, (on: boolean) => void];
  /** The screen's query: Refresh refetches it, and is disabled while it fetches. */
  query: { refetch(): unknown; isFetching: boolean };
}

/** A screen header's auto-refresh checkbox and Refresh button. */
export function AutoRefreshControls({
  label,
  state: [autoRefresh, setAutoRefresh],
  query,
}: AutoRefreshControlsProps) {
  const checkboxId = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm">
        <Checkbox id={checkboxId} checked={autoRefresh} onCheckedChange={(v) => setAutoRefresh(v === true)} />
        {label}
      </label>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RotateCwIcon aria-hidden="true" />
        Refresh
      </Button>
    </div>
  );
}
