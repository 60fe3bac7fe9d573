import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import { pgErrorCode } from '../../db/pg-errors.ts';
import { HttpError } from '../../http/http-error.ts';
import { insertUser } from '../../testing/test-app.ts';
import { useTestDatabase } from '../../testing/use-test-database.ts';
import { applyCoinEntry, COIN_LEDGER_MESSAGES, reverseTransaction } from './coin-ledger.ts';
import { expectConsistentLedger } from './testing/ledger-check.ts';

const database = useTestDatabase();
const { rows } = database;

async function account(userId: string) {
  const result = await rows<{ balance: string; total_earned: string; total_spent: string }>(
    sql`select balance, total_earned, total_spent from coin_accounts where user_id = ${userId}`,
  );
  const row = result[0];
  return (
    row && { balance: Number(row.balance), earned: Number(row.total_earned), spent: Number(row.total_spent) }
  );
}

async function refusal(
  run: () => Promise<unknown>,
): Promise<{ status?: number; message: string; code?: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    const messages: string[] = [];
    for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return { code: pgErrorCode(error), message: messages.join(' / ') };
  }
  throw new Error('expected a refusal');
}

const add = (userId: string, amount: number, extra: { idempotencyKey?: string } = {}) =>
  applyCoinEntry(database.handle.db, {
    userId,
    amount,
    type: amount > 0 ? 'earn' : 'spend',
    description: amount > 0 ? 'Added by an admin' : 'Spent',
    createdBy: null,
    ...extra,
  });

describe('coin ledger', () => {
  it('appends entries with the exact running balance and keeps the account totals', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgerone' });
    const first = await add(user.id, 100);
    const second = await add(user.id, -30);
    expect(first.entry).toMatchObject({ balanceAfter: 100, username: 'ledgerone' });
    expect(second.entry.balanceAfter).toBe(70);
    expect(await account(user.id)).toEqual({ balance: 70, earned: 100, spent: 30 });
  });

  it('refuses a spend the balance cannot cover with a 409, writing nothing', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgerpoor' });
    await add(user.id, 10);
    expect(await refusal(() => add(user.id, -11))).toMatchObject({
      status: 409,
      message: COIN_LEDGER_MESSAGES.insufficient,
    });
    expect(await account(user.id)).toMatchObject({ balance: 10 });
  });

  it('has the database refuse a negative balance, a negative balance_after and a wrong sign', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgerdb' });
    await add(user.id, 5);
    const negativeBalance = await refusal(() =>
      database.handle.db.execute(sql`update coin_accounts set balance = -1 where user_id = ${user.id}`),
    );
    expect(negativeBalance.code).toBe('23514');
    const negativeAfter = await refusal(() =>
      database.handle.db.execute(sql`insert into coin_transactions (user_id, username, amount, transaction_type, description, balance_after)
        values (${user.id}, 'ledgerdb', -10, 'spend', 'x', -5)`),
    );
    expect(negativeAfter.code).toBe('23514');
    const wrongSign = await refusal(() =>
      database.handle.db.execute(sql`insert into coin_transactions (user_id, username, amount, transaction_type, description, balance_after)
        values (${user.id}, 'ledgerdb', -1, 'earn', 'x', 4)`),
    );
    expect(wrongSign.code).toBe('23514');
    expect(await refusal(() => add(user.id, 0))).toMatchObject({ status: 400 });
  });

  it('refuses UPDATE and DELETE of a ledger row', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgerfixed' });
    const { entry } = await add(user.id, 50);
    const update = await refusal(() =>
      database.handle.db.execute(sql`update coin_transactions set amount = 500 where id = ${entry.id}`),
    );
    expect(update).toMatchObject({ code: '23000' });
    expect(update.message).toContain('append-only');
    const remove = await refusal(() =>
      database.handle.db.execute(sql`delete from coin_transactions where id = ${entry.id}`),
    );
    expect(remove).toMatchObject({ code: '23000' });
    const still = await rows<{ amount: number }>(
      sql`select amount from coin_transactions where id = ${entry.id}`,
    );
    expect(still).toEqual([{ amount: 50 }]);
  });

  it('refuses deleting a user who has ledger entries', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgerkeep' });
    await add(user.id, 1);
    const remove = await refusal(() =>
      database.handle.db.execute(sql`delete from users where id = ${user.id}`),
    );
    // PostgreSQL 15 reports a RESTRICT refusal as foreign_key_violation, 17 (PGlite) as restrict_violation.
    expect(['23503', '23001']).toContain(remove.code);
  });

  it('reverses an entry once, with a compensating entry that points at it', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgerundo' });
    const { entry } = await add(user.id, 40);
    const reversal = await reverseTransaction(database.handle.db, {
      transactionId: entry.id,
      createdBy: null,
    });
    expect(reversal).toMatchObject({
      amount: -40,
      transactionType: 'earn',
      reversesId: entry.id,
      balanceAfter: 0,
    });
    expect(
      await refusal(() =>
        reverseTransaction(database.handle.db, { transactionId: entry.id, createdBy: null }),
      ),
    ).toMatchObject({ status: 409, message: COIN_LEDGER_MESSAGES.alreadyReversed });
    expect(
      await refusal(() =>
        reverseTransaction(database.handle.db, { transactionId: reversal.id, createdBy: null }),
      ),
    ).toMatchObject({ status: 409, message: COIN_LEDGER_MESSAGES.reversalOfReversal });
    // The database itself refuses a second reversal, whatever the service checks.
    const direct = await refusal(() =>
      database.handle.db.execute(sql`insert into coin_transactions (user_id, username, amount, transaction_type, description, balance_after, reverses_id)
        values (${user.id}, 'ledgerundo', -40, 'earn', 'again', 0, ${entry.id})`),
    );
    expect(direct.code).toBe('23505');
    expect(await account(user.id)).toMatchObject({ balance: 0 });
  });

  it('adds once for a repeated idempotency key, and refuses the key for a different entry', async () => {
    const user = await insertUser(database.handle.db, { username: 'ledgeronce' });
    const first = await add(user.id, 25, { idempotencyKey: 'req-1' });
    const again = await add(user.id, 25, { idempotencyKey: 'req-1' });
    expect(again).toEqual({ entry: first.entry, replayed: true });
    expect(await account(user.id)).toMatchObject({ balance: 25 });
    expect(await refusal(() => add(user.id, 30, { idempotencyKey: 'req-1' }))).toMatchObject({ status: 409 });
    // The same key belongs to each user separately.
    const other = await insertUser(database.handle.db, { username: 'ledgertwice' });
    expect((await add(other.id, 25, { idempotencyKey: 'req-1' })).replayed).toBe(false);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'keeps every balance equal to the sum of its entries under 1,000 concurrent adds and spends',
    async () => {
      const users = await Promise.all(
        [0, 1, 2, 3].map((i) => insertUser(database.handle.db, { username: `racer${i}` })),
      );
      const operations = Array.from({ length: 1000 }, (_, i) => {
        const user = users[i % users.length]?.id as string;
        // Spends outnumber what is there at times, so some are refused; none may overdraw.
        const amount = i % 3 === 0 ? 7 : -5;
        const key = i % 10 === 0 ? `race-${i % 20}` : undefined;
        return add(user, amount, key ? { idempotencyKey: key } : {}).then(
          () => 'ok',
          (error: unknown) =>
            error instanceof HttpError && error.statusCode === 409 ? 'refused' : Promise.reject(error),
        );
      });
      const outcomes = await Promise.all(operations);
      expect(outcomes).toContain('ok');
      expect(outcomes).toContain('refused');
      await expectConsistentLedger(database.handle.db);
    },
    60_000,
  );
});
