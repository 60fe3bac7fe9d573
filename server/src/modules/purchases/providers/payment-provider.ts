import type { CoinPackage } from '@switchboard/contract/coin-packages';
import { type PaymentProviderId, PURCHASE_REFUSALS } from '@switchboard/contract/purchases';
import { HttpError } from '../../../http/http-error.ts';

/**
 * What every payment provider shares. A provider file holds everything that speaks its protocol (its
 * library, its proofs, its notifications); the purchase service around it is the same for all of them.
 * Google Play is the next one: a `google-play-provider.ts` beside these, an `InAppProvider` whose
 * `verifyPurchase` checks a purchase token, and its notifications mapped to `ProviderNotification`.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Whether the operator configured it, and what is missing when not (variable names, never values). */
  status(): { configured: boolean; detail: string };
}

/** A payment the provider vouched for: its id there, what was paid, and what it signed, as verified. */
export interface VerifiedPayment {
  transactionId: string;
  priceCents: number;
  currency: string;
  /** Kept on the purchase for audit: the provider's signed fields, never card data. */
  proof: Record<string, unknown>;
}

/** A provider whose app sends the proof itself (a store's signed transaction, the demo's nothing). */
export interface InAppProvider extends PaymentProvider {
  verifyPurchase(
    item: CoinPackage,
    request: Record<string, unknown>,
    userId: string,
  ): Promise<VerifiedPayment>;
}

/** What a provider's server-to-server notification asks for, once verified. */
export type ProviderNotification =
  | {
      kind: 'paid';
      purchaseId: number | null;
      userId: string | null;
      packageId: number | null;
      payment: VerifiedPayment;
    }
  | {
      kind: 'reversed';
      transactionId: string;
      status: 'refunded' | 'disputed';
      proof: Record<string, unknown>;
    }
  | { kind: 'ignored'; reason: string };

export type RefusalReason = keyof typeof PURCHASE_REFUSALS;

/**
 * A purchase refused before any coin moved: the answer's status and message, and how serious it is
 * for the security event it also becomes (a forged proof is high, a missing one low).
 */
export class PurchaseRefused extends HttpError {
  constructor(
    readonly reason: RefusalReason,
    status: 400 | 401 | 402 | 403 | 409 | 422,
    readonly severity: 'high' | 'medium' | 'low',
    field?: string,
  ) {
    super(status, PURCHASE_REFUSALS[reason], field ? { field } : {});
  }
}
