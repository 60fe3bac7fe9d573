/** Per-minute prices by call type: USD and coins, billed per started minute. */
export const CALL_RATES = {
  voice: { usd: 0.02, coins: 1 },
  video: { usd: 0.05, coins: 2 },
  group: { usd: 0.08, coins: 3 },
} as const;
