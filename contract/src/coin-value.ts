import { z } from 'zod';

/**
 * What coins are worth in money, for the figures that mean money (a call's cost, revenue from calls).
 * The server derives it from the coin packages on sale (docs/coin-value.md); the console shows coins
 * first and this beside them.
 */

/** An amount of money in a currency's smallest unit (cents). */
export const CoinMoney = z.object({
  cents: z.number().int(),
  currency: z.string(),
});
export type CoinMoney = z.infer<typeof CoinMoney>;

/** The money value of one coin, and the package it is taken from. */
export const CoinValue = z.object({
  /** Cents per coin, unrounded (a 100-coin package at 99 cents: 0.99). */
  cents_per_coin: z.number(),
  currency: z.string(),
  package_id: z.number().int(),
  package_name: z.string(),
});
export type CoinValue = z.infer<typeof CoinValue>;

/** The money value of `coins` at `value`, to the nearest cent; null without a value. */
export const moneyOfCoins = (coins: number, value: CoinValue | null): CoinMoney | null =>
  value === null ? null : { cents: Math.round(coins * value.cents_per_coin), currency: value.currency };
