import { COIN_TRANSACTION_TYPES } from '@switchboard/contract/coins';
import { PAYMENT_PROVIDERS, PURCHASE_STATUSES } from '@switchboard/contract/purchases';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { bigId, createdAt, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Types whose amount is always a credit (> 0) or always a debit (< 0); a transfer leg may be either. */
export const CREDIT_TYPES = ['earn', 'bonus'] as const;
export const DEBIT_TYPES = ['spend', 'penalty'] as const;

/**
 * Append-only ledger: a user's coin_accounts.balance equals the sum of their entries' amounts.
 * A trigger refuses UPDATE and DELETE; a mistake is undone by a compensating entry that points at
 * the original through reverses_id (at most one per original) and carries its type with the
 * opposite sign.
 */
export const coinTransactions = pgTable(
  'coin_transactions',
  {
    id: bigId(),
    /** Null only on entries whose user was erased before users were soft-deleted; new entries always carry it. */
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The user's name when the entry was written, so history reads the same after a rename or deletion. */
    username: text('username').notNull(),
    /** Negative for spending. */
    amount: integer('amount').notNull(),
    transactionType: text('transaction_type', { enum: COIN_TRANSACTION_TYPES }).notNull(),
    description: text('description').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    referenceId: text('reference_id'),
    referenceType: text('reference_type'),
    idempotencyKey: text('idempotency_key'),
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => coinTransactions.id, {
      onDelete: 'restrict',
    }),
    createdBy: text('created_by'),
    /** The purchase this entry credits or takes back (a paid package, its refund or dispute). */
    purchaseId: bigint('purchase_id', { mode: 'number' }).references((): AnyPgColumn => coinPurchases.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_transactions_purchase_idx').on(t.purchaseId).where(sql`${t.purchaseId} is not null`),
    index('coin_transactions_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('coin_transactions_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // The dashboard's recent coin grants: admins' entries are a few percent of the ledger, so the
    // created_at index would walk dozens of other entries per grant.
    index('coin_transactions_grants_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.createdBy} is not null`),
    index('coin_transactions_type_idx').on(t.transactionType, t.createdAt.desc(), t.id.desc()),
    index('coin_transactions_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
    index('coin_transactions_username_trgm').using('gin', sql`${t.username} gin_trgm_ops`),
    uniqueIndex('coin_transactions_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('coin_transactions_reverses_id_key').on(t.reversesId),
    check('coin_transactions_type_check', oneOf('transaction_type', COIN_TRANSACTION_TYPES)),
    check('coin_transactions_amount_nonzero', sql`amount <> 0`),
    check('coin_transactions_balance_after_nonnegative', sql`balance_after >= 0`),
    check(
      'coin_transactions_amount_sign',
      sql.raw(
        `case when reverses_id is null
          then (transaction_type in ('earn', 'bonus') and amount > 0)
            or (transaction_type in ('spend', 'penalty') and amount < 0) or transaction_type = 'transfer'
          else (transaction_type in ('earn', 'bonus') and amount < 0)
            or (transaction_type in ('spend', 'penalty') and amount > 0) or transaction_type = 'transfer' end`,
      ),
    ),
  ],
);

/** One row per user who has ever held coins; written only by the ledger service, in the entry's transaction. */
export const coinAccounts = pgTable(
  'coin_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    totalEarned: bigint('total_earned', { mode: 'number' }).notNull().default(0),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coin_accounts_top_earners_idx').on(t.totalEarned.desc(), t.userId),
    index('coin_accounts_top_spenders_idx').on(t.totalSpent.desc(), t.userId),
    check('coin_accounts_balance_nonnegative', sql`balance >= 0`),
    check('coin_accounts_totals_nonnegative', sql`total_earned >= 0 and total_spent >= 0`),
  ],
);

/**
 * Coins credited and debited per UTC day, kept by a statement trigger on coin_transactions inserts
 * (the ledger is append-only, so inserts are the only change). Summing it gives the all-time totals
 * without reading the ledger.
 */
export const coinDailyStats = pgTable(
  'coin_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.day] })],
);

/** What a calling app can buy: an admin edits these; a purchase is one 'earn' entry that names its package. */
export const coinPackages = pgTable(
  'coin_packages',
  {
    id: bigId(),
    name: text('name').notNull(),
    coins: integer('coins').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    storeProductId: text('store_product_id'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coin_packages_shop_idx').on(t.sortOrder, t.id).where(sql`${t.isActive}`),
    uniqueIndex('coin_packages_store_product_id_key').on(t.storeProductId),
    check('coin_packages_coins_range', sql`${t.coins} between 1 and 1000000`),
    check('coin_packages_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('coin_packages_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * A package paid for through a provider (Stripe, the App Store, the demo one). The unique
 * (provider, provider_transaction_id) is what makes a payment credit once: a replayed proof finds its
 * row taken. `proof` keeps what the provider signed, as verified (never card data).
 */
export const coinPurchases = pgTable(
  'coin_purchases',
  {
    id: bigId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Null only while a Stripe Checkout is pending. */
    providerTransactionId: text('provider_transaction_id'),
    packageId: bigint('package_id', { mode: 'number' })
      .notNull()
      .references(() => coinPackages.id, { onDelete: 'restrict' }),
    packageName: text('package_name').notNull(),
    coins: integer('coins').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull(),
    unrecoveredCoins: integer('unrecovered_coins').notNull().default(0),
    failureReason: text('failure_reason'),
    proof: jsonb('proof').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    creditedAt: tstz('credited_at'),
    reversedAt: tstz('reversed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coin_purchases_provider_transaction_key').on(t.provider, t.providerTransactionId),
    index('coin_purchases_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('coin_purchases_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('coin_purchases_provider_idx').on(t.provider, t.createdAt.desc(), t.id.desc()),
    index('coin_purchases_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('coin_purchases_username_trgm').using('gin', sql`${t.username} gin_trgm_ops`),
    check('coin_purchases_provider_check', oneOf('provider', PAYMENT_PROVIDERS)),
    check('coin_purchases_status_check', oneOf('status', PURCHASE_STATUSES)),
    check('coin_purchases_coins_positive', sql`${t.coins} > 0`),
    check('coin_purchases_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('coin_purchases_unrecovered_nonnegative', sql`${t.unrecoveredCoins} >= 0`),
    check(
      'coin_purchases_pending_has_no_transaction',
      sql`(${t.status} in ('pending', 'failed')) or ${t.providerTransactionId} is not null`,
    ),
  ],
);
