import type { CoinPackage } from '@switchboard/contract/coin-packages';
import type { CoinValue } from '@switchboard/contract/coin-value';
import type { Executor } from '../../db/client.ts';
import { listPackages } from './coin-packages.repository.ts';

/**
 * What a coin is worth, from the packages on sale (docs/coin-value.md): the currency is that of the
 * first paid package the shop lists (sort order, then id), and the value the lowest price per coin among
 * the paid packages on sale in that currency, the best rate a buyer gets, so a money figure never says
 * coins brought in more than they could have. Free packages say nothing about price; none on sale: null.
 */
export function coinValueOf(packages: readonly CoinPackage[]): CoinValue | null {
  const paid = packages.filter((p) => p.is_active && p.price_cents > 0 && p.coins > 0);
  const first = paid.reduce<CoinPackage | null>(
    (a, p) =>
      a === null || p.sort_order < a.sort_order || (p.sort_order === a.sort_order && p.id < a.id) ? p : a,
    null,
  );
  if (!first) return null;
  const best = paid
    .filter((p) => p.currency === first.currency)
    .reduce((a, p) => (p.price_cents / p.coins < a.price_cents / a.coins ? p : a));
  return {
    cents_per_coin: best.price_cents / best.coins,
    currency: best.currency,
    package_id: best.id,
    package_name: best.name,
  };
}

/** The coin value as the packages stand now (a handful of rows). */
export async function currentCoinValue(db: Executor): Promise<CoinValue | null> {
  return coinValueOf(await listPackages(db, true));
}
