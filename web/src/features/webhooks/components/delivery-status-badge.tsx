import type { WebhookDeliveryStatus } from '@switchboard/contract/webhooks';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';

const VARIANTS: Record<WebhookDeliveryStatus, BadgeProps['variant']> = {
  pending: 'warning',
  delivering: 'secondary',
  delivered: 'success',
  dead: 'destructive',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge variant={VARIANTS[status]}>{status === 'dead' ? 'Failed (dead letter)' : status}</Badge>;
}
