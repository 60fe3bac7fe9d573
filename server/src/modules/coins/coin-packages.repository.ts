import type { CoinPackage } from '@switchboard/contract/coin-packages';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { coinPackages } from '../../db/schema/coins.ts';

type Row = typeof coinPackages.$inferSelect;
export interface PackageValues {
  name: string;
  coins: number;
  price_cents: number;
  currency: string;
  store_product_id: string | null;
  is_active: boolean;
  sort_order: number;
}

const toPackage = (r: Row): CoinPackage => ({
  id: r.id,
  name: r.name,
  coins: r.coins,
  price_cents: r.priceCents,
  currency: r.currency,
  store_product_id: r.storeProductId,
  is_active: r.isActive,
  sort_order: r.sortOrder,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
const columnsOf = (v: PackageValues) => ({
  name: v.name,
  coins: v.coins,
  priceCents: v.price_cents,
  currency: v.currency,
  storeProductId: v.store_product_id,
  isActive: v.is_active,
  sortOrder: v.sort_order,
});

/** On sale (the app's shop) or all of them (the console). */
export async function listPackages(db: Executor, onlyActive: boolean): Promise<CoinPackage[]> {
  const rows = await db
    .select()
    .from(coinPackages)
    .where(onlyActive ? eq(coinPackages.isActive, true) : undefined)
    .orderBy(asc(coinPackages.sortOrder), asc(coinPackages.id));
  return rows.map(toPackage);
}

export async function findPackage(db: Executor, id: number): Promise<CoinPackage | undefined> {
  const [row] = await db.select().from(coinPackages).where(eq(coinPackages.id, id));
  return row && toPackage(row);
}

export async function insertPackage(db: Executor, values: PackageValues): Promise<CoinPackage> {
  const [row] = await db.insert(coinPackages).values(columnsOf(values)).returning();
  if (!row) throw new Error('insert returned no row');
  return toPackage(row);
}

export async function updatePackage(
  db: Executor,
  id: number,
  values: PackageValues,
): Promise<CoinPackage | undefined> {
  const [row] = await db
    .update(coinPackages)
    .set({ ...columnsOf(values), updatedAt: sql`now()` })
    .where(eq(coinPackages.id, id))
    .returning();
  return row && toPackage(row);
}

/** The package an app store sells under this product id. */
export async function findPackageByProductId(
  db: Executor,
  productId: string,
): Promise<CoinPackage | undefined> {
  const [row] = await db.select().from(coinPackages).where(eq(coinPackages.storeProductId, productId));
  return row && toPackage(row);
}
