import {
  COIN_PACKAGE_MESSAGES,
  type CoinPackage,
  type CoinPackageInput,
} from '@switchboard/contract/coin-packages';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as packages from './coin-packages.repository.ts';
import * as repo from './coins.repository.ts';
import * as list from './coins-list.repository.ts';

type PackageValues = z.output<typeof CoinPackageInput>;

export async function ownBalance(db: Database, userId: string) {
  const account = await repo.findAccount(db, userId);
  return {
    balance: account?.balance ?? 0,
    total_earned: account?.totalEarned ?? 0,
    total_spent: account?.totalSpent ?? 0,
  };
}

/** The account's own ledger, newest first, keyset paged. */
export async function ownTransactions(
  db: Database,
  userId: string,
  query: { limit: number; cursor?: string },
) {
  const page = await list.listUserTransactions(db, userId, query);
  return { transactions: page.rows, next_cursor: page.nextCursor };
}

export function listPackages(db: Database, onlyActive: boolean): Promise<CoinPackage[]> {
  return packages.listPackages(db, onlyActive);
}

export async function createPackage(
  db: Database,
  actor: AdminPrincipal,
  input: PackageValues,
  context: RequestContext,
): Promise<CoinPackage> {
  return takenProductIdAsConflict(() =>
    db.transaction(async (tx) => {
      const created = await packages.insertPackage(tx, input);
      await recordAudit(tx, {
        actor,
        action: 'coins.package_create',
        targetType: 'coin_package',
        targetId: String(created.id),
        before: null,
        after: created,
        context,
      });
      return created;
    }),
  );
}

export async function updatePackage(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  input: PackageValues,
  context: RequestContext,
): Promise<CoinPackage> {
  return takenProductIdAsConflict(() =>
    db.transaction(async (tx) => {
      const before = await packages.findPackage(tx, id);
      if (!before) throw notFound(COIN_PACKAGE_MESSAGES.notFound);
      const after = await packages.updatePackage(tx, id, input);
      if (!after) throw notFound(COIN_PACKAGE_MESSAGES.notFound);
      await recordAudit(tx, {
        actor,
        action: 'coins.package_update',
        targetType: 'coin_package',
        targetId: String(id),
        before,
        after,
        context,
      });
      return after;
    }),
  );
}

/** A store product id names one package: a second one is a 409 on the field, not a failed insert. */
async function takenProductIdAsConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(COIN_PACKAGE_MESSAGES.productIdTaken, 'store_product_id');
    throw error;
  }
}
