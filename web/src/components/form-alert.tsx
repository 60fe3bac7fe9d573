import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils.ts';

interface FormAlertProps {
  message: string;
  className?: string;
  /**
   * Moves keyboard focus here when the alert appears: a submit button disabled while submitting drops
   * focus to <body>, so after a failure keyboard and screen-reader users land on the message instead.
   */
  focusOnMount?: boolean;
}

/** A form-level failure, announced to screen readers as soon as it appears. */
export function FormAlert({ message, className, focusOnMount = false }: FormAlertProps) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) alert.current?.focus();
  }, [focusOnMount]);
  return (
    <div
      ref={alert}
      role="alert"
      tabIndex={-1}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-sm text-destructive outline-none focus-visible:ring-[3px] focus-visible:ring-destructive/30',
        className,
      )}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
