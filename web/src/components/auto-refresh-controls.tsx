import { RotateCwIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';

interface AutoRefreshControlsProps {
  /** The checkbox's label, e.g. "Auto-refresh (30s)". */
  label: string;
  autoRefresh: boolean;
  onAutoRefreshChange(on: boolean): void;
  onRefresh(): void;
  /** Disables Refresh while a fetch is running. */
  refreshing: boolean;
}

/** A screen header's auto-refresh checkbox and Refresh button. */
export function AutoRefreshControls({
  label,
  autoRefresh,
  onAutoRefreshChange,
  onRefresh,
  refreshing,
}: AutoRefreshControlsProps) {
  const checkboxId = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm">
        <Checkbox
          id={checkboxId}
          checked={autoRefresh}
          onCheckedChange={(v) => onAutoRefreshChange(v === true)}
        />
        {label}
      </label>
      <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
        <RotateCwIcon aria-hidden="true" />
        Refresh
      </Button>
    </div>
  );
}
