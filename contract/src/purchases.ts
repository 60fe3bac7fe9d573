import { z } from 'zod';
import { CoinPackageParams } from './coin-packages.ts';
import { CoinTransaction } from './coins.ts';
import {
  envelope,
  FileBody,
  IsoDateTime,
  limitParam,
  pageFields,
  pageParam,
  searchText,
  timeRangeQuery,
} from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Coins that are paid for. A purchase names its provider and carries that provider's proof; the
 * server verifies the proof before one coin is credited, and credits each provider transaction once.
 * `demo` exists only while the server runs with demo data. Google Play is the next provider.
 */
export const PAYMENT_PROVIDERS = ['stripe', 'apple', 'demo'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<PaymentProviderId, string> = {
  stripe: 'Stripe',
  apple: 'App Store',
  demo: 'Demo (no payment)',
};

export const PURCHASE_STATUSES = ['pending', 'credited', 'refunded', 'disputed', 'failed'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const PURCHASES_PAGE_SIZE = 20;

/** Why a purchase was refused: each is the message of a 4xx and the reason of a security event. */
export const PURCHASE_REFUSALS = {
  providerRequired: 'Choose a payment provider: provider must be one of stripe, apple, demo',
  providerNotConfigured: 'This payment provider is not configured on this server',
  demoOff: 'The demo provider exists only while the server runs with demo data',
  proofRequired: 'signed_transaction is required: the StoreKit 2 signed transaction (JWS) of the purchase',
  proofInvalid: 'The purchase proof could not be verified',
  proofWrongApp: 'The purchase proof is for another app or environment',
  productMismatch: 'The purchase proof is for another product than this package',
  notConsumable: 'The purchase proof is not a consumable in-app purchase',
  accountMismatch: 'The purchase proof was made for another account',
  proofRevoked: 'The purchase proof has been refunded or revoked',
  replayed: 'This purchase proof has already been used',
  amountMismatch: 'The amount paid does not match the package price',
  signatureMissing: 'The Stripe-Signature header is missing',
  signatureInvalid: 'The webhook signature could not be verified',
} as const;

export const PURCHASE_MESSAGES = {
  notFound: 'Purchase not found',
  notReversible: 'Only a credited or disputed purchase can be refunded or reversed',
  refunded: 'Purchase refunded',
  reversed: 'Coins reversed',
} as const;

/** What an app sends to buy a package: the provider, and the proof that provider gives. */
export const BuyPackageRequest = z.discriminatedUnion(
  'provider',
  [
    z.object({ provider: z.literal('demo') }),
    z.object({
      provider: z.literal('apple'),
      /** StoreKit 2's `Transaction.jwsRepresentation` of the finished purchase. */
      signed_transaction: z
        .string({ error: PURCHASE_REFUSALS.proofRequired })
        .min(1, PURCHASE_REFUSALS.proofRequired)
        .max(20_000),
    }),
    z.object({
      provider: z.literal('stripe'),
      /** Where Stripe Checkout returns the buyer; the purchase is credited by the webhook, not the return. */
      return_url: z.string().url().max(2000).optional(),
    }),
  ],
  { error: PURCHASE_REFUSALS.providerRequired },
);
export type BuyPackageRequest = z.input<typeof BuyPackageRequest>;

export const Purchase = z.object({
  id: z.number().int(),
  user_id: z.string().nullable(),
  username: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's id of the payment (Stripe PaymentIntent, App Store transaction id); null while pending. */
  provider_transaction_id: z.string().nullable(),
  package_id: z.number().int(),
  package_name: z.string(),
  coins: z.number().int(),
  /** What was paid, in the currency's smallest unit. */
  price_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  /** Coins a refund or dispute could not take back because they had been spent (a recorded debt). */
  unrecovered_coins: z.number().int(),
  failure_reason: z.string().nullable(),
  created_at: IsoDateTime,
  credited_at: IsoDateTime.nullable(),
  reversed_at: IsoDateTime.nullable(),
});
export type Purchase = z.infer<typeof Purchase>;

export const BuyPackageResponse = envelope(
  z.object({
    purchase: Purchase,
    /** The ledger entry of the credit; null while a Stripe Checkout is pending. */
    transaction: CoinTransaction.nullable(),
    /** Stripe Checkout's page to pay on; null for the other providers. */
    checkout_url: z.string().nullable(),
  }),
);
export type BuyPackageResponse = z.infer<typeof BuyPackageResponse>;

export const PURCHASE_PROVIDER_FILTERS = ['all', ...PAYMENT_PROVIDERS] as const;
export const PURCHASE_STATUS_FILTERS = ['all', ...PURCHASE_STATUSES] as const;

const purchaseFilters = {
  search: searchText(),
  provider: z.enum(PURCHASE_PROVIDER_FILTERS).default('all'),
  status: z.enum(PURCHASE_STATUS_FILTERS).default('all'),
  ...timeRangeQuery,
};

export const ListPurchasesQuery = z.object({
  page: pageParam,
  limit: limitParam(PURCHASES_PAGE_SIZE),
  ...purchaseFilters,
  cursor: z.string().max(200).optional(),
});
export type ListPurchasesQuery = z.infer<typeof ListPurchasesQuery>;
export const ExportPurchasesQuery = z.object(purchaseFilters);

export const ListPurchasesResponse = envelope(z.object({ purchases: z.array(Purchase), ...pageFields }));
export type ListPurchasesResponse = z.infer<typeof ListPurchasesResponse>;

export const PURCHASES_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'username',
  'provider',
  'provider_transaction_id',
  'package_name',
  'coins',
  'price_cents',
  'currency',
  'status',
  'unrecovered_coins',
] as const;

export const PaymentProvidersStatus = z.object({
  providers: z.array(
    z.object({
      provider: z.enum(PAYMENT_PROVIDERS),
      label: z.string(),
      configured: z.boolean(),
      /** What is missing, in the operator's words (names of environment variables, never their values). */
      detail: z.string(),
    }),
  ),
});
export type PaymentProvidersStatus = z.infer<typeof PaymentProvidersStatus>;

export const RevenueDay = z.object({
  day: z.string(),
  currency: z.string(),
  /** Credited purchases that day, less those since refunded or disputed. */
  revenue_cents: z.number().int(),
  purchases: z.number().int(),
  coins: z.number().int(),
});
export const RevenueQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const RevenueResponse = envelope(z.object({ days: z.array(RevenueDay) }));
export type RevenueResponse = z.infer<typeof RevenueResponse>;

export const PurchaseParams = z.object({ id: z.coerce.number().int().positive() });
export const ReversePurchaseRequest = z.object({
  reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
});
export const PurchaseResponse = envelope(Purchase);

export const WebhookAck = z.object({ received: z.literal(true), outcome: z.string() });
export const AppleNotificationBody = z.object({ signedPayload: z.string().min(1).max(100_000) });

export const purchasesEndpoints = {
  /** The app buys a package: verified before any coin is credited (the path predates providers). */
  buy: endpoint({
    method: 'POST',
    path: '/coins/packages/:id/buy',
    tag: 'account',
    access: 'user',
    params: CoinPackageParams,
    body: BuyPackageRequest,
    status: 201,
    response: BuyPackageResponse,
    otherErrors: [422, 502],
  }),
  /** Which providers an app may offer here (the demo one only while demo data is on). */
  appProviders: endpoint({
    method: 'GET',
    path: '/coins/providers',
    tag: 'account',
    access: 'user',
    response: envelope(PaymentProvidersStatus),
  }),
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/payments/stripe/webhook',
    tag: 'payments',
    summary: "Stripe's signed events: credits on payment, reverses on refund or dispute",
    access: 'public',
    response: WebhookAck,
  }),
  appleNotifications: endpoint({
    method: 'POST',
    path: '/payments/apple/notifications',
    tag: 'payments',
    summary: 'App Store Server Notifications V2: REFUND and REVOKE reverse the coins',
    access: 'public',
    body: AppleNotificationBody,
    response: WebhookAck,
    otherErrors: [401, 422],
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/coins/purchases',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    query: ListPurchasesQuery,
    response: ListPurchasesResponse,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/admin/coins/purchases/export.csv',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    query: ExportPurchasesQuery,
    response: FileBody,
    file: 'text/csv; charset=utf-8',
  }),
  providers: endpoint({
    method: 'GET',
    path: '/admin/coins/providers',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    response: envelope(PaymentProvidersStatus),
  }),
  revenue: endpoint({
    method: 'GET',
    path: '/admin/coins/revenue',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    query: RevenueQuery,
    response: RevenueResponse,
  }),
  /** Refunds through Stripe when the purchase is Stripe's and Stripe is configured; else reverses the coins. */
  reverse: endpoint({
    method: 'POST',
    path: '/admin/coins/purchases/:id/reverse',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:write',
    params: PurchaseParams,
    body: ReversePurchaseRequest,
    response: PurchaseResponse,
    otherErrors: [502],
  }),
};
