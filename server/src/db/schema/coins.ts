import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns.ts';
import { users } from './users.ts';

export const COIN_TRANSACTION_TYPES = ['earn', 'spend', 'transfer', 'bonus', 'penalty'] as const;

/** Append-only ledger: a user's coin_balance equals the sum of their entries' amounts. */
export const coinTransactions = pgTable(
  'coin_transactions',
  {
    id: bigId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Negative for spending. */
    amount: integer('amount').notNull(),
    transactionType: text('transaction_type', { enum: COIN_TRANSACTION_TYPES }).notNull(),
    description: text('description').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    referenceId: text('reference_id'),
    referenceType: text('reference_type'),
    idempotencyKey: text('idempotency_key'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_transactions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('coin_transactions_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('coin_transactions_type_idx').on(t.transactionType, t.createdAt.desc().nullsFirst()),
    index('coin_transactions_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
    uniqueIndex('coin_transactions_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
