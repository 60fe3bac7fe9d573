import type { Database, Executor } from '../../db/client.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { applyCoinEntry } from './coin-ledger.ts';

/** The ledger's reference type of a welcome grant: the reason a new account holds coins it never bought. */
export const WELCOME_REASON = 'welcome';

/**
 * Credits a new app account with the calling setting "Coins for a new account", in the sign-up's own
 * transaction: a 'bonus' entry with the reason `welcome`, keyed so the account is welcomed once. 0 gives none.
 */
export async function grantWelcomeCoins(db: Database, tx: Executor, userId: string): Promise<number> {
  const { welcome_coins: coins } = await liveSettings(db).section('calling', tx);
  if (coins <= 0) return 0;
  await applyCoinEntry(tx, {
    userId,
    amount: coins,
    type: 'bonus',
    description: 'Welcome coins',
    referenceType: WELCOME_REASON,
    idempotencyKey: WELCOME_REASON,
    createdBy: null,
  });
  return coins;
}
