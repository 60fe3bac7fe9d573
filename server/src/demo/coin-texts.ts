import type { COIN_TRANSACTION_TYPES } from '@switchboard/contract/coins';

/** What happened to the coins; each kind maps to one ledger transaction_type. */
export const Kind = {
  Signup: 0,
  Call: 1,
  Purchase: 2,
  Reward: 3,
  Bonus: 4,
  Transfer: 5,
  Spend: 6,
  Penalty: 7,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export interface LedgerVariant {
  /** '@other' is replaced by the counterpart's username, '{amount}' by the amount. */
  text: string;
  range: readonly [number, number];
  referenceType?: 'signup' | 'call' | 'purchase' | 'transfer' | 'user';
  needsOther?: boolean;
  byAdmin?: boolean;
}

export interface LedgerKind {
  type: (typeof COIN_TRANSACTION_TYPES)[number];
  sign: 1 | -1;
  variants: readonly LedgerVariant[];
}

export const LEDGER_TEXT: Record<Kind, LedgerKind> = {
  [Kind.Signup]: { type: 'bonus', sign: 1, variants: [{ text: 'Welcome bonus', range: [100, 100] }] },
  [Kind.Call]: { type: 'spend', sign: -1, variants: [{ text: '', range: [0, 0], referenceType: 'call' }] },
  [Kind.Purchase]: {
    type: 'earn',
    sign: 1,
    variants: [{ text: 'Purchased {amount} coins', range: [0, 0], referenceType: 'purchase' }],
  },
  [Kind.Reward]: {
    type: 'earn',
    sign: 1,
    variants: [
      { text: 'Daily check-in reward', range: [5, 20] },
      { text: 'Referral reward: invited @other', range: [50, 50], needsOther: true, referenceType: 'user' },
      { text: '7-day streak reward', range: [25, 25] },
    ],
  },
  [Kind.Bonus]: {
    type: 'bonus',
    sign: 1,
    variants: [
      { text: 'Weekend promo bonus', range: [20, 100] },
      { text: 'Loyalty bonus', range: [50, 200] },
      { text: 'Goodwill credit from support', range: [10, 150], byAdmin: true },
      { text: 'Birthday bonus', range: [50, 50] },
    ],
  },
  [Kind.Transfer]: {
    type: 'transfer',
    sign: -1,
    variants: [{ text: '', range: [10, 300], referenceType: 'transfer' }],
  },
  [Kind.Spend]: {
    type: 'spend',
    sign: -1,
    variants: [
      { text: 'Gift sent to @other', range: [10, 200], needsOther: true, referenceType: 'user' },
      { text: 'Profile boost (24 h)', range: [50, 50] },
      { text: 'Sticker pack', range: [30, 80] },
      { text: 'Message translation credits', range: [5, 15] },
    ],
  },
  [Kind.Penalty]: {
    type: 'penalty',
    sign: -1,
    variants: [
      { text: 'Chargeback reversal', range: [100, 500], referenceType: 'purchase' },
      { text: 'Penalty: spam reports upheld', range: [20, 100], byAdmin: true },
      { text: 'Penalty: terms of service violation', range: [50, 200], byAdmin: true },
    ],
  },
};

/** Shares of the drawn (non-sign-up, non-call) events; a transfer writes two rows. */
export const SPLIT: readonly (readonly [Kind, number])[] = [
  [Kind.Purchase, 0.3],
  [Kind.Reward, 0.15],
  [Kind.Bonus, 0.1],
  [Kind.Transfer, 0.1],
  [Kind.Spend, 0.22],
  [Kind.Penalty, 0.04],
];
