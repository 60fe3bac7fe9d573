import { type PaymentProviderId, PROVIDER_LABELS } from '@switchboard/contract/purchases';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import type { PurchaseRefused } from './providers/payment-provider.ts';

/**
 * Every refused purchase or payment callback is a security event: a forged, replayed or mismatched proof
 * is what a fraudster sends. Recorded after the refused change rolled back, and a failure to record one
 * never changes the answer.
 */
export async function recordRefusal(
  db: Database,
  refusal: PurchaseRefused,
  where: {
    provider: PaymentProviderId | null;
    userId?: string | null;
    username?: string | null;
    packageId?: number | null;
    context: RequestContext;
  },
): Promise<void> {
  const provider = where.provider ? PROVIDER_LABELS[where.provider] : 'no provider';
  await recordSecurityEvent(db, {
    eventType: 'suspicious_activity',
    severity: refusal.severity,
    description: `Coin purchase refused (${provider}): ${refusal.message}`,
    ip: where.context.ip,
    userAgent: where.context.userAgent,
    userId: where.userId ?? null,
    username: where.username ?? null,
    details: { reason: refusal.reason, provider: where.provider, package_id: where.packageId ?? null },
  }).catch(() => undefined);
}
