import { AudioWaveformIcon } from 'lucide-react';
import { useAppConfig } from '@/lib/app-config-context.tsx';
import { cn } from '@/lib/utils.ts';

export function Brand({ className, subtitle = 'Admin Console' }: { className?: string; subtitle?: string }) {
  const { app } = useAppConfig();
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <AudioWaveformIcon className="size-4.5" aria-hidden="true" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-sm font-semibold tracking-tight">{app.name}</span>
        {subtitle && <span className="text-xs text-muted-foreground">{subtitle}</span>}
      </span>
    </span>
  );
}
