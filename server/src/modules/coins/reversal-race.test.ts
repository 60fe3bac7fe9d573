import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import { HttpError } from '../../http/http-error.ts';
import { insertUser } from '../../testing/test-app.ts';
import { useTestDatabase } from '../../testing/use-test-database.ts';
import { applyCoinEntry, COIN_LEDGER_MESSAGES, reverseTransaction } from './coin-ledger.ts';
import { expectConsistentLedger } from './testing/ledger-check.ts';

const database = useTestDatabase();

/** Issue #27 finding 12: 5 of 286 racing reversals answered "Insufficient coin balance". */
describe('reversals of one entry racing each other', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'all but one answer "already reversed", never "Insufficient coin balance"',
    async () => {
      const db = database.handle.db;
      const messages: string[] = [];
      for (let round = 0; round < 20; round++) {
        const user = await insertUser(db, { username: `reversed${round}` });
        // The whole balance: a second reversal that got past the check would overdraw it.
        const { entry } = await applyCoinEntry(db, {
          userId: user.id,
          amount: 100,
          type: 'earn',
          description: 'Added by an admin',
          createdBy: null,
        });
        const outcomes = await Promise.all(
          Array.from({ length: 6 }, () =>
            reverseTransaction(db, { transactionId: entry.id, createdBy: null }).then(
              () => 'reversed',
              (error: unknown) => (error instanceof HttpError ? error.message : Promise.reject(error)),
            ),
          ),
        );
        expect(outcomes.filter((o) => o === 'reversed')).toHaveLength(1);
        messages.push(...outcomes.filter((o) => o !== 'reversed'));
      }
      expect(new Set(messages)).toEqual(new Set([COIN_LEDGER_MESSAGES.alreadyReversed]));
      await expectConsistentLedger(db);
    },
    120_000,
  );
});
