import { z } from 'zod';
import { envelope, IsoDateTime, limitParam, pageFields, pageParam, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';

export const COIN_TRANSACTION_TYPES = ['earn', 'spend', 'transfer', 'bonus', 'penalty'] as const;
export type CoinTransactionType = (typeof COIN_TRANSACTION_TYPES)[number];
export const COIN_TYPE_FILTERS = ['all', ...COIN_TRANSACTION_TYPES] as const;

export const COINS_PAGE_SIZE = 20;
/** How many names the Top Earners and Top Spenders lists show. */
export const TOP_COIN_USERS = 5;
/** The largest amount one add may move either way. */
export const MAX_COIN_ADD = 1_000_000;

/** A coin transaction as the console shows it. */
export const CoinTransaction = z.object({
  id: z.number().int(),
  user_id: z.string().nullable(),
  username: z.string(),
  /** Negative for spending. */
  amount: z.number().int(),
  transaction_type: z.enum(COIN_TRANSACTION_TYPES),
  description: z.string(),
  balance_after: z.number().int(),
  created_at: IsoDateTime,
  reference_id: z.string().nullable(),
  reference_type: z.string().nullable(),
  /** The entry this one undoes, when it is a reversal. */
  reverses_id: z.number().int().nullable(),
  /** True once a reversal of this entry exists: it cannot be reversed again. */
  reversed: z.boolean(),
});
export type CoinTransaction = z.infer<typeof CoinTransaction>;

export const CoinStatistics = z.object({
  total_coins_circulating: z.number().int(),
  total_coins_earned: z.number().int(),
  total_coins_spent: z.number().int(),
  total_transactions: z.number().int(),
  average_coins_per_user: z.number(),
  top_earners: z.array(z.object({ username: z.string(), total_earned: z.number().int() })),
  top_spenders: z.array(z.object({ username: z.string(), total_spent: z.number().int() })),
});
export type CoinStatistics = z.infer<typeof CoinStatistics>;

export const ListCoinsQuery = z.object({
  page: pageParam,
  limit: limitParam(COINS_PAGE_SIZE),
  search: z.string().trim().max(100).optional().default(''),
  type: z.enum(COIN_TYPE_FILTERS).default('all'),
  /** Only this user's entries (the Users screen links here for a user's ledger). */
  user: UserId.optional(),
  /** `next_cursor` of the previous page: continues after its last row without an OFFSET. */
  cursor: z.string().max(200).optional(),
});
export type ListCoinsQuery = z.infer<typeof ListCoinsQuery>;

/** Transactions in `data.coins`, the statistics beside them in `data`. */
export const ListCoinsResponse = envelope(
  CoinStatistics.extend({ coins: z.array(CoinTransaction), ...pageFields }),
);
export type ListCoinsResponse = z.infer<typeof ListCoinsResponse>;
export type CoinsPage = ListCoinsResponse['data'];

export const COIN_ADD_RULES = {
  userRequired: 'Select a user',
  amountInteger: 'Amount must be a whole number',
  amountZero: 'Amount must not be zero',
  amountRange: `Amount must be between -${MAX_COIN_ADD.toLocaleString('en-US')} and ${MAX_COIN_ADD.toLocaleString('en-US')}`,
  descriptionRequired: 'Description is required',
  descriptionLong: 'Description must be at most 500 characters',
} as const;

/**
 * A positive amount is a 'bonus' credit; a negative one a 'penalty' debit, refused with 409 when the
 * balance cannot cover it.
 */
export const AddCoinsRequest = z.object({
  user_id: UserId.describe('The user to credit or debit'),
  amount: z
    .number({ error: COIN_ADD_RULES.amountInteger })
    .int(COIN_ADD_RULES.amountInteger)
    .refine((n) => n !== 0, COIN_ADD_RULES.amountZero)
    .refine((n) => Math.abs(n) <= MAX_COIN_ADD, COIN_ADD_RULES.amountRange),
  description: z
    .string({ error: COIN_ADD_RULES.descriptionRequired })
    .trim()
    .min(1, COIN_ADD_RULES.descriptionRequired)
    .max(500, COIN_ADD_RULES.descriptionLong),
});
export type AddCoinsRequest = z.input<typeof AddCoinsRequest>;

/** A retried add with the same key (per user) returns the first entry and adds nothing. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const AddCoinsHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().min(1).max(200).optional() });

export const CoinEntryResponse = envelope(
  z.object({
    transaction: CoinTransaction,
    /** True when the idempotency key had been used already and nothing was added. */
    replayed: z.boolean(),
  }),
);
export type CoinEntryResponse = z.infer<typeof CoinEntryResponse>;

export const CoinTransactionParams = z.object({ id: z.coerce.number().int().positive() });
export const CoinUserParams = z.object({ id: UserId });

export const UserLedgerQuery = z.object({
  limit: limitParam(COINS_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export const UserLedgerResponse = envelope(
  z.object({
    transactions: z.array(CoinTransaction),
    balance: z.number().int(),
    total_earned: z.number().int(),
    total_spent: z.number().int(),
    next_cursor: z.string().nullable(),
  }),
);
export type UserLedgerResponse = z.infer<typeof UserLedgerResponse>;

export const COIN_MESSAGES = {
  added: 'Coins added',
  reversed: 'Transaction reversed',
  fetchFailed: 'Failed to fetch coin transactions',
  addFailed: 'Failed to add coins',
} as const;

/** The coins list is admin-only despite "public" in its path. */
export const coinsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/public/coins',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    query: ListCoinsQuery,
    response: ListCoinsResponse,
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/coins/add',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:write',
    body: AddCoinsRequest,
    response: CoinEntryResponse,
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/admin/coins/transactions/:id/reverse',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:write',
    params: CoinTransactionParams,
    response: CoinEntryResponse,
  }),
  userLedger: endpoint({
    method: 'GET',
    path: '/admin/coins/users/:id/transactions',
    tag: 'coins',
    access: 'admin',
    permission: 'coins:read',
    params: CoinUserParams,
    query: UserLedgerQuery,
    response: UserLedgerResponse,
  }),
};
