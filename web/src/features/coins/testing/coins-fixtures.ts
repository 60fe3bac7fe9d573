import type { CoinsPage, CoinTransaction } from '@switchboard/contract/coins';

export const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function transaction(id: number, change: Partial<CoinTransaction> = {}): CoinTransaction {
  return {
    id,
    user_id: userId(2),
    username: 'alice',
    amount: 100,
    transaction_type: 'earn',
    description: `Entry ${id}`,
    balance_after: 100,
    created_at: new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString(),
    reference_id: null,
    reference_type: null,
    reverses_id: null,
    reversed: false,
    ...change,
  };
}

export function coinsPage(coins: CoinTransaction[], change: Partial<CoinsPage> = {}): CoinsPage {
  return {
    coins,
    total: coins.length,
    page: 1,
    limit: 20,
    total_pages: 1,
    total_capped: false,
    next_cursor: null,
    total_coins_circulating: 1500,
    total_coins_earned: 2000,
    total_coins_spent: 500,
    total_transactions: coins.length,
    average_coins_per_user: 75.5,
    top_earners: [{ username: 'alice', total_earned: 1200 }],
    top_spenders: [{ username: 'bob', total_spent: 300 }],
    ...change,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
