// Throwaway: the 1m users, calls, quality samples and coin ledger only (sb1m came out empty).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client.ts';
import { withBulkLoad } from '../../server/src/demo/bulk-load.ts';
import { seedCallQuality } from '../../server/src/demo/call-quality.ts';
import { seedCalls } from '../../server/src/demo/calls.ts';
import { seedCoinLedger } from '../../server/src/demo/coins.ts';
import { DEMO_ADMIN } from '../../server/src/demo/demo-admin.ts';
import { SCALES } from '../../server/src/demo/scale.ts';
import { seedUsers } from '../../server/src/demo/users.ts';
import { hashPassword } from '../../server/src/modules/auth/password.ts';

const handle = await openDatabase({ kind: 'postgres', url: process.env.U! });
const t0 = performance.now();
const log = (m: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s ${m}`);
await handle.db.transaction(async (tx) => {
  const base = { tx, seed: 20_240_601, now: Date.now(), counts: SCALES['1m'], progress: () => {} };
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  await withBulkLoad(tx, async () => {
    const users = await seedUsers(base, passwordHash); log('users');
    const calls = await seedCalls(base, users); log('calls');
    await seedCallQuality(base, calls); log('quality');
    await seedCoinLedger(base, users, calls); log('coins');
  }, () => {});
  log('indexes');
});
await handle.db.execute(sql`vacuum analyze`); log('vacuum analyze');
await handle.close();
