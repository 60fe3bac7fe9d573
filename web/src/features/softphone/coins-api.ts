import type { CoinPackage } from '@switchboard/contract/coin-packages';
import type { BuyPackageResponse, PaymentProvidersStatus } from '@switchboard/contract/purchases';

/** The softphone's coin calls, as an app makes them (its own bearer token, not the console's session). */
async function call<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (init.body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/v1${path}`, { ...init, headers });
  const body = (await response.json().catch(() => ({}))) as { message?: string; detail?: string };
  if (!response.ok) throw new Error(body.detail ?? body.message ?? `Request failed (${response.status})`);
  return body as T;
}

export async function coinBalance(token: string): Promise<number> {
  return (await call<{ data: { balance: number } }>('/coins/balance', token)).data.balance;
}

export async function coinPackages(token: string): Promise<CoinPackage[]> {
  return (await call<{ data: { packages: CoinPackage[] } }>('/coins/packages', token)).data.packages;
}

export async function paymentProviders(token: string): Promise<PaymentProvidersStatus['providers']> {
  return (await call<{ data: PaymentProvidersStatus }>('/coins/providers', token)).data.providers;
}

/** Buys a package with the demo provider (no payment: only while the server runs with demo data). */
export async function buyWithDemo(token: string, packageId: number): Promise<BuyPackageResponse['data']> {
  return (
    await call<BuyPackageResponse>(`/coins/packages/${packageId}/buy`, token, {
      method: 'POST',
      body: JSON.stringify({ provider: 'demo' }),
    })
  ).data;
}

/** Opens Stripe Checkout for a package; the coins arrive when Stripe's webhook says it is paid. */
export async function buyWithStripe(token: string, packageId: number): Promise<string | null> {
  const { data } = await call<BuyPackageResponse>(`/coins/packages/${packageId}/buy`, token, {
    method: 'POST',
    body: JSON.stringify({ provider: 'stripe', return_url: `${window.location.origin}/app` }),
  });
  return data.checkout_url;
}
