import {
  COIN_PACKAGE_MESSAGES,
  COIN_PACKAGE_RULES,
  type CoinPackage,
} from '@switchboard/contract/coin-packages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { storeSignedInSession } from '@/testing/render-app.tsx';
import { renderScreen } from '@/testing/render-screen.tsx';
import { CoinPackagesCard } from './coin-packages-card.tsx';

const pack = (id: number, extra: Partial<CoinPackage> = {}): CoinPackage => ({
  id,
  name: `Pack ${id}`,
  coins: 100 * id,
  price_cents: 99 * id,
  currency: 'USD',
  store_product_id: null,
  is_active: true,
  sort_order: id,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...extra,
});

function serve(saveAnswer?: (call: FetchCall) => Response) {
  const packages = [pack(1, { store_product_id: 'com.example.coins_100' }), pack(2)];
  return mockFetch((call) => {
    if (call.method === 'GET') return jsonResponse({ success: true, data: { packages } });
    if (saveAnswer) return saveAnswer(call);
    const body = call.body as CoinPackage;
    return jsonResponse({ success: true, data: { ...pack(2), ...body } }, call.method === 'POST' ? 201 : 200);
  });
}

const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

describe('the coin packages card', () => {
  it('lists each package with the store product id it is sold under', async () => {
    storeSignedInSession();
    serve();
    renderScreen(<CoinPackagesCard />);
    const table = await screen.findByRole('table', { name: 'Coin Packages' });
    const first = within(table).getByRole('row', { name: /Pack 1/ });
    expect(within(first).getByText('com.example.coins_100')).toBeInTheDocument();
    expect(within(first).getByText('$0.99')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Pack 2/ })).getByText('—')).toBeInTheDocument();
  });

  it('edits a package’s store product id, refusing one the stores could not hold before sending', async () => {
    storeSignedInSession();
    const { calls } = serve();
    const { user } = renderScreen(<CoinPackagesCard />);
    await user.click(await screen.findByRole('button', { name: 'Edit package Pack 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Coin Package' });
    const field = within(dialog).getByLabelText('Store product id');
    expect(field).toHaveValue('');

    await user.type(field, 'coins 200!');
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    expect(await within(dialog).findByText(COIN_PACKAGE_RULES.productIdPattern)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    await user.clear(field);
    await user.type(field, 'price_1NxAbc');
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toMatchObject([
      {
        method: 'PUT',
        url: '/api/v1/admin/coins/packages/2',
        body: { name: 'Pack 2', coins: 200, price_cents: 198, store_product_id: 'price_1NxAbc' },
      },
    ]);
  });

  it('adds a package with its product id, and shows the server’s refusal on the field', async () => {
    storeSignedInSession();
    const { calls } = serve(() =>
      jsonResponse(
        {
          success: false,
          message: COIN_PACKAGE_MESSAGES.productIdTaken,
          errors: [{ field: 'store_product_id', message: COIN_PACKAGE_MESSAGES.productIdTaken }],
        },
        409,
      ),
    );
    const { user } = renderScreen(<CoinPackagesCard />);
    await user.click(await screen.findByRole('button', { name: 'Add Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Coin Package' });
    await user.type(within(dialog).getByLabelText('Name'), 'Mega');
    await user.type(within(dialog).getByLabelText('Coins'), '5000');
    await user.type(within(dialog).getByLabelText('Price in cents'), '2999');
    await user.type(within(dialog).getByLabelText('Store product id'), 'com.example.coins_100');
    await user.click(within(dialog).getByRole('button', { name: 'Add Package' }));
    expect(await within(dialog).findByText(COIN_PACKAGE_MESSAGES.productIdTaken)).toBeInTheDocument();
    expect(writes(calls)).toMatchObject([
      {
        method: 'POST',
        body: { name: 'Mega', coins: 5000, price_cents: 2999, store_product_id: 'com.example.coins_100' },
      },
    ]);
  });
});
