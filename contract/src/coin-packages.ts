import { z } from 'zod';
import { COINS_PAGE_SIZE, CoinTransaction, MAX_COIN_ADD } from './coins.ts';
import { envelope, IsoDateTime, limitParam } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Coin packages a calling app offers, and the signed-in account's own coins. Packages are rows an
 * admin edits; buying one (purchases.ts) is a verified payment credited once as an 'earn' entry.
 */

export const CoinPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  coins: z.number().int(),
  /** In the currency's smallest unit (cents). */
  price_cents: z.number().int(),
  currency: z.string(),
  /** The product id of this package in the app stores (App Store, Google Play); null: not sold there. */
  store_product_id: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type CoinPackage = z.infer<typeof CoinPackage>;

export const COIN_PACKAGE_RULES = {
  nameRequired: 'Name is required',
  nameLong: 'Name must be at most 100 characters',
  coinsRange: `Coins must be a whole number between 1 and ${MAX_COIN_ADD.toLocaleString('en-US')}`,
  priceRange: 'Price must be a whole number of cents, 0 or more',
  currency: 'Currency must be a three-letter code such as USD',
  productIdLong: 'Store product id must be at most 200 characters',
  productIdPattern:
    'Store product id may contain only letters, digits, dots, hyphens and underscores (an App Store product id or a Stripe price id)',
} as const;

export const COIN_PACKAGE_MESSAGES = {
  notFound: 'Coin package not found',
  productIdTaken: 'Another coin package already has this store product id',
  unavailable: 'This coin package is not on sale',
} as const;

export const CoinPackageInput = z.object({
  name: z
    .string({ error: COIN_PACKAGE_RULES.nameRequired })
    .trim()
    .min(1, COIN_PACKAGE_RULES.nameRequired)
    .max(100, COIN_PACKAGE_RULES.nameLong),
  coins: z
    .number({ error: COIN_PACKAGE_RULES.coinsRange })
    .int(COIN_PACKAGE_RULES.coinsRange)
    .min(1, COIN_PACKAGE_RULES.coinsRange)
    .max(MAX_COIN_ADD, COIN_PACKAGE_RULES.coinsRange),
  price_cents: z
    .number({ error: COIN_PACKAGE_RULES.priceRange })
    .int(COIN_PACKAGE_RULES.priceRange)
    .min(0, COIN_PACKAGE_RULES.priceRange)
    .max(100_000_000, COIN_PACKAGE_RULES.priceRange),
  currency: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, COIN_PACKAGE_RULES.currency))
    .default('USD'),
  store_product_id: z
    .string()
    .trim()
    .max(200, COIN_PACKAGE_RULES.productIdLong)
    // App Store product ids (com.example.coins_100) and Stripe price ids (price_1Nx…) alike.
    .regex(/^[A-Za-z0-9._-]*$/, COIN_PACKAGE_RULES.productIdPattern)
    .nullish()
    .transform((v) => v || null),
  is_active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
export type CoinPackageInput = z.input<typeof CoinPackageInput>;

export const CoinPackageParams = z.object({ id: z.coerce.number().int().positive() });

export const CoinBalance = z.object({
  balance: z.number().int(),
  total_earned: z.number().int(),
  total_spent: z.number().int(),
});

export const OwnTransactionsQuery = z.object({
  limit: limitParam(COINS_PAGE_SIZE),
  /** `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const OwnTransactionsResponse = envelope(
  z.object({ transactions: z.array(CoinTransaction), next_cursor: z.string().nullable() }),
);

export const coinPackageEndpoints = {
  balance: endpoint({
    method: 'GET',
    path: '/coins/balance',
    tag: 'account',
    access: 'user',
    response: envelope(CoinBalance),
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/coins/transactions',
    tag: 'account',
    access: 'user',
    query: OwnTransactionsQuery,
    response: OwnTransactionsResponse,
  }),
  packages: endpoint({
    method: 'GET',
    path: '/coins/packages',
    tag: 'account',
    access: 'user',
    response: envelope(z.object({ packages: z.array(CoinPackage) })),
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/coins/packages',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    response: envelope(z.object({ packages: z.array(CoinPackage) })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/coins/packages',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:write',
    body: CoinPackageInput,
    status: 201,
    response: envelope(CoinPackage),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/coins/packages/:id',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:write',
    params: CoinPackageParams,
    body: CoinPackageInput,
    response: envelope(CoinPackage),
  }),
};
