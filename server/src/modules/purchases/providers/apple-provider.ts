import {
  Environment,
  type JWSTransactionDecodedPayload,
  NotificationTypeV2,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import type { AppleConfig } from '../../../config.ts';
import {
  type InAppProvider,
  type ProviderNotification,
  PurchaseRefused,
  type VerifiedPayment,
} from './payment-provider.ts';

export interface AppleProvider extends InAppProvider {
  /** An App Store Server Notification V2 `signedPayload`, verified; REFUND and REVOKE reverse. */
  notification(signedPayload: string): Promise<ProviderNotification>;
}

/**
 * The App Store: StoreKit 2 signed transactions (JWS) checked by Apple's own library against the
 * operator's copies of Apple's root certificates (no npm package ships them: APPLE_ROOT_CERTS names the
 * files). The signature, the chain, the bundle id and the environment are the library's checks; the
 * product and the account are this file's.
 */
export function appleProvider(config: AppleConfig | undefined): AppleProvider {
  const verifier = config
    ? new SignedDataVerifier(
        config.rootCertificates,
        config.onlineChecks,
        config.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
        config.bundleId,
        config.appAppleId,
      )
    : null;
  const configured = () => {
    if (!verifier) throw new PurchaseRefused('providerNotConfigured', 400, 'low', 'provider');
    return verifier;
  };
  const decodeTransaction = async (jws: string): Promise<JWSTransactionDecodedPayload> => {
    try {
      return await configured().verifyAndDecodeTransaction(jws);
    } catch (error) {
      if (!(error instanceof VerificationException)) throw error;
      const wrongApp =
        error.status === VerificationStatus.INVALID_APP_IDENTIFIER ||
        error.status === VerificationStatus.INVALID_ENVIRONMENT;
      throw new PurchaseRefused(
        wrongApp ? 'proofWrongApp' : 'proofInvalid',
        422,
        'high',
        'signed_transaction',
      );
    }
  };

  return {
    id: 'apple',
    status: () =>
      config
        ? { configured: true, detail: `Bundle ${config.bundleId}, ${config.environment}` }
        : {
            configured: false,
            detail: 'Set APPLE_BUNDLE_ID and APPLE_ROOT_CERTS (and APPLE_APP_APPLE_ID in Production)',
          },

    async verifyPurchase(item, request, userId): Promise<VerifiedPayment> {
      configured();
      const jws = request.signed_transaction;
      if (typeof jws !== 'string' || jws === '')
        throw new PurchaseRefused('proofRequired', 400, 'low', 'signed_transaction');
      const transaction = await decodeTransaction(jws);
      if (!transaction.transactionId)
        throw new PurchaseRefused('proofInvalid', 422, 'high', 'signed_transaction');
      if (transaction.type !== 'Consumable')
        throw new PurchaseRefused('notConsumable', 422, 'high', 'signed_transaction');
      if (!item.store_product_id || transaction.productId !== item.store_product_id)
        throw new PurchaseRefused('productMismatch', 422, 'high', 'signed_transaction');
      // StoreKit's appAccountToken, when the app set it, is the buyer's account id.
      if (
        transaction.appAccountToken &&
        userId &&
        transaction.appAccountToken.toLowerCase() !== userId.toLowerCase()
      )
        throw new PurchaseRefused('accountMismatch', 422, 'high', 'signed_transaction');
      if (transaction.revocationDate !== undefined)
        throw new PurchaseRefused('proofRevoked', 422, 'high', 'signed_transaction');
      return {
        transactionId: transaction.transactionId,
        // Apple states the price in thousandths of the currency unit.
        priceCents: transaction.price === undefined ? item.price_cents : Math.round(transaction.price / 10),
        currency: transaction.currency ?? item.currency,
        proof: appleProof(transaction),
      };
    },

    async notification(signedPayload) {
      let payload: Awaited<ReturnType<SignedDataVerifier['verifyAndDecodeNotification']>>;
      try {
        payload = await configured().verifyAndDecodeNotification(signedPayload);
      } catch (error) {
        if (!(error instanceof VerificationException)) throw error;
        throw new PurchaseRefused('signatureInvalid', 401, 'high', 'signedPayload');
      }
      const type = payload.notificationType;
      if (type !== NotificationTypeV2.REFUND && type !== NotificationTypeV2.REVOKE)
        return { kind: 'ignored', reason: `notification ${String(type)}` };
      const signed = payload.data?.signedTransactionInfo;
      if (!signed) return { kind: 'ignored', reason: 'no transaction in the notification' };
      const transaction = await decodeTransaction(signed);
      if (!transaction.transactionId) return { kind: 'ignored', reason: 'no transaction id' };
      return {
        kind: 'reversed',
        transactionId: transaction.transactionId,
        status: 'refunded',
        proof: {
          notification_type: type,
          notification_uuid: payload.notificationUUID,
          ...appleProof(transaction),
        },
      };
    },
  };
}

/** The signed fields worth keeping for audit. */
function appleProof(t: JWSTransactionDecodedPayload): Record<string, unknown> {
  return {
    transaction_id: t.transactionId,
    original_transaction_id: t.originalTransactionId,
    product_id: t.productId,
    bundle_id: t.bundleId,
    environment: t.environment,
    type: t.type,
    quantity: t.quantity,
    price: t.price,
    currency: t.currency,
    purchase_date: t.purchaseDate,
    signed_date: t.signedDate,
    app_account_token: t.appAccountToken,
    revocation_date: t.revocationDate,
    revocation_reason: t.revocationReason,
  };
}
