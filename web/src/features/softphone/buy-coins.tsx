import type { CoinPackage } from '@switchboard/contract/coin-packages';
import type { PaymentProvidersStatus } from '@switchboard/contract/purchases';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { formatCoins, formatMoney } from '@/lib/format.ts';
import type { AppSession } from './app-api.ts';
import { buyWithDemo, buyWithStripe, coinBalance, coinPackages, paymentProviders } from './coins-api.ts';

/**
 * The softphone's coins: the balance and a "Buy coins" list. While the server runs with demo data the
 * demo provider buys without payment and says so; with Stripe configured, a package opens Stripe Checkout.
 */
export function BuyCoins({ session }: { session: AppSession }) {
  const [balance, setBalance] = useState<number | null>(null);
  const [packages, setPackages] = useState<CoinPackage[]>([]);
  const [providers, setProviders] = useState<PaymentProvidersStatus['providers']>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { token } = session;

  const refresh = useCallback(() => coinBalance(token).then(setBalance, () => undefined), [token]);
  useEffect(() => {
    void refresh();
    coinPackages(token).then(setPackages, () => undefined);
    paymentProviders(token).then(setProviders, () => undefined);
  }, [token, refresh]);

  const demo = providers.some((p) => p.provider === 'demo' && p.configured);
  const stripe = providers.some((p) => p.provider === 'stripe' && p.configured);

  const buy = async (item: CoinPackage, how: 'demo' | 'stripe') => {
    setBusy(true);
    setMessage(null);
    try {
      if (how === 'stripe') {
        const url = await buyWithStripe(token, item.id);
        if (url) window.location.assign(url);
        return;
      }
      const { purchase } = await buyWithDemo(token, item.id);
      setMessage(`Bought ${formatCoins(purchase.coins)} coins (demo purchase, no payment)`);
      await refresh();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The purchase failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Coins" className="space-y-2">
      <h2 className="text-lg font-medium">Coins</h2>
      <p data-testid="coin-balance">Balance: {balance === null ? '…' : `${formatCoins(balance)} coins`}</p>
      <h3 className="font-medium">Buy coins</h3>
      {demo && (
        <p className="text-sm text-muted-foreground">
          Demo provider: this server runs with demo data, so coins are credited without any payment.
        </p>
      )}
      {!demo && !stripe && <p className="text-sm">No payment provider is available to this web app.</p>}
      <ul className="space-y-1">
        {packages.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2">
            <span>
              {item.name}: {formatCoins(item.coins)} coins · {formatMoney(item.price_cents, item.currency)}
            </span>
            {demo && (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => buy(item, 'demo')}
                aria-label={`Buy ${item.name} (demo, no payment)`}
              >
                Buy (demo)
              </Button>
            )}
            {stripe && (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => buy(item, 'stripe')}
                aria-label={`Pay for ${item.name} with Stripe`}
              >
                Pay with Stripe
              </Button>
            )}
          </li>
        ))}
      </ul>
      {message && <p role="status">{message}</p>}
    </section>
  );
}
