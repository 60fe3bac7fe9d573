import type { CallRow } from '@switchboard/contract/calls';
import {
  CheckCircle2Icon,
  type LucideIcon,
  PhoneCallIcon,
  PhoneIncomingIcon,
  PhoneMissedIcon,
  PhoneOffIcon,
  XCircleIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';

const STYLES: Partial<Record<CallRow['status'], { icon: LucideIcon; className: string }>> = {
  active: { icon: PhoneCallIcon, className: 'bg-success/12 text-success' },
  ended: { icon: PhoneOffIcon, className: 'bg-secondary text-secondary-foreground' },
  failed: { icon: XCircleIcon, className: 'bg-destructive/10 text-destructive' },
  missed: { icon: PhoneMissedIcon, className: 'bg-warning/18 text-warning-foreground' },
  ringing: { icon: PhoneIncomingIcon, className: 'bg-primary/10 text-primary' },
};

/** Each status the screen filters by has its own colour and icon; any other value gets a neutral style. */
export function CallStatusBadge({ status }: { status: CallRow['status'] }) {
  const style = STYLES[status] ?? { icon: CheckCircle2Icon, className: 'text-foreground' };
  const Icon = style.icon;
  return (
    <Badge variant="outline" className={cn('border-transparent capitalize', style.className)}>
      <Icon aria-hidden="true" />
      {status}
    </Badge>
  );
}
