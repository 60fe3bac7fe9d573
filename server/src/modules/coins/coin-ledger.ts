import type { CoinTransactionType } from '@switchboard/contract/coins';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { CREDIT_TYPES, DEBIT_TYPES } from '../../db/schema/coins.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import { recordCoinEvent } from './coin-events.ts';
import * as repo from './coins.repository.ts';

export const COIN_LEDGER_MESSAGES = {
  insufficient: 'Insufficient coin balance',
  userNotFound: 'User not found',
  transactionNotFound: 'Transaction not found',
  alreadyReversed: 'This transaction has already been reversed',
  reversalOfReversal: 'A reversal cannot itself be reversed',
  zeroAmount: 'Amount must not be zero',
  wrongSign: 'Amount sign does not match the transaction type',
  keyReused: 'This idempotency key was already used for a different entry',
} as const;

export interface CoinEntryInput {
  userId: string;
  /** Positive credits, negative debits; the sign must match the type (a transfer leg may be either). */
  amount: number;
  type: CoinTransactionType;
  description: string;
  /** A retried request with the same key (per user) returns the first entry instead of adding again. */
  idempotencyKey?: string;
  reversesId?: number;
  referenceId?: string;
  referenceType?: string;
  createdBy: string | null;
}

export interface CoinEntryResult {
  entry: repo.CoinTransaction;
  /** True when the idempotency key had already been used and nothing was added. */
  replayed: boolean;
}

const isCredit = (type: CoinTransactionType) => (CREDIT_TYPES as readonly string[]).includes(type);
const isDebit = (type: CoinTransactionType) => (DEBIT_TYPES as readonly string[]).includes(type);

function refuseWrongSign({ amount, type, reversesId }: CoinEntryInput): void {
  if (!Number.isSafeInteger(amount) || amount === 0)
    throw badRequest(COIN_LEDGER_MESSAGES.zeroAmount, 'amount');
  // A reversal carries the original's type with the opposite sign.
  const sign = reversesId === undefined ? Math.sign(amount) : -Math.sign(amount);
  if ((isCredit(type) && sign < 0) || (isDebit(type) && sign > 0))
    throw badRequest(COIN_LEDGER_MESSAGES.wrongSign, 'amount');
}

/**
 * Appends one ledger entry and moves the account by it, atomically: the account row is locked
 * first, so balance_after is exact under concurrency and a debit that would take the balance below
 * zero is refused (409) without writing anything.
 */
export async function applyCoinEntry(db: Executor, input: CoinEntryInput): Promise<CoinEntryResult> {
  refuseWrongSign(input);
  return db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, input.userId);
    if (!account) throw notFound(COIN_LEDGER_MESSAGES.userNotFound);
    // Checked again under the account lock: a racing reversal of the same entry has committed by now,
    // and the answer is "already reversed", not the balance it left behind.
    if (input.reversesId !== undefined && (await repo.findReversalOf(tx, input.reversesId)))
      throw conflict(COIN_LEDGER_MESSAGES.alreadyReversed);
    if (input.idempotencyKey !== undefined) {
      const earlier = await repo.findByIdempotencyKey(tx, input.userId, input.idempotencyKey);
      if (earlier) {
        if (earlier.amount !== input.amount || earlier.transactionType !== input.type)
          throw conflict(COIN_LEDGER_MESSAGES.keyReused, 'idempotency_key');
        return { entry: earlier, replayed: true };
      }
    }
    const balanceAfter = account.balance + input.amount;
    if (balanceAfter < 0) throw conflict(COIN_LEDGER_MESSAGES.insufficient, 'amount');
    const entry = await repo.insertEntry(tx, {
      userId: input.userId,
      username: account.username,
      amount: input.amount,
      transactionType: input.type,
      description: input.description,
      balanceAfter,
      referenceId: input.referenceId ?? null,
      referenceType: input.referenceType ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      reversesId: input.reversesId ?? null,
      createdBy: input.createdBy,
    });
    await repo.addToAccount(tx, input.userId, input.amount);
    await recordCoinEvent(tx, entry, input);
    return { entry, replayed: false };
  });
}

/**
 * Undoes an entry with a compensating one that points at it; each entry can be reversed once
 * (a unique index backs this when two reversals race), and a reversal is never itself reversed.
 */
export async function reverseTransaction(
  db: Executor,
  input: { transactionId: number; description?: string; createdBy: string | null },
): Promise<repo.CoinTransaction> {
  try {
    return await db.transaction(async (tx) => {
      const original = await repo.findTransaction(tx, input.transactionId);
      if (!original?.userId) throw notFound(COIN_LEDGER_MESSAGES.transactionNotFound);
      if (original.reversesId !== null) throw conflict(COIN_LEDGER_MESSAGES.reversalOfReversal);
      if (await repo.findReversalOf(tx, original.id)) throw conflict(COIN_LEDGER_MESSAGES.alreadyReversed);
      const { entry } = await applyCoinEntry(tx, {
        userId: original.userId,
        amount: -original.amount,
        type: original.transactionType,
        description: input.description ?? `Reversal of #${original.id}: ${original.description}`,
        reversesId: original.id,
        referenceId: String(original.id),
        referenceType: 'reversal',
        createdBy: input.createdBy,
      });
      return entry;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(COIN_LEDGER_MESSAGES.alreadyReversed);
    throw error;
  }
}
