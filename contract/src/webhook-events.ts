import { z } from 'zod';
import { CoinMoney } from './coin-value.ts';
import { IsoDateTime } from './common.ts';
import { Purchase } from './purchases.ts';
import { ALERT_RULE_IDS, type WebhookEventType } from './webhooks.ts';

/** Each webhook event's `data`, as receivers get it: the API document's `x-webhooks` is built from this. */
const CallEventData = z.object({
  id: z.number().int(),
  type: z.enum(['voice', 'video']),
  status: z.string(),
  caller_id: z.string(),
  caller_username: z.string(),
  callee_id: z.string(),
  callee_username: z.string(),
  started_at: IsoDateTime,
  answered_at: IsoDateTime.nullable(),
  ended_at: IsoDateTime.nullable(),
  end_reason: z.string().nullable(),
  duration: z.number().describe('seconds'),
  quality: z.number().nullable(),
  coins_used: z.number().int(),
  cost_value: CoinMoney.nullable().describe(
    "what coins_used is worth at the coin packages' price when the call ended (docs/coin-value.md); null on call.started and call.answered, and while no paid package is on sale",
  ),
  cost: z
    .number()
    .describe('deprecated: the old fixed per-minute rate in US dollars; use coins_used and cost_value'),
});
const UserRef = z.object({ id: z.string(), username: z.string() });
const CoinEventData = z.object({
  transaction_id: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  amount: z.number().int(),
  type: z.string(),
  balance_after: z.number().int(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  reverses_id: z.number().int().nullable(),
});
const ReportEventData = z.object({
  id: z.number().int(),
  report_type: z.string().nullable(),
  reporter_id: z.string().nullable(),
  reported_user_id: z.string().nullable(),
  reason: z.string(),
  status: z.string(),
  resolution_notes: z.string().nullable(),
});
const AlertEventData = z.object({
  id: z.number().int(),
  instance_id: z.string(),
  rule: z.enum(ALERT_RULE_IDS),
  severity: z.string(),
  message: z.string(),
  timestamp: IsoDateTime,
  cleared_at: IsoDateTime.nullable(),
  state: z.enum(['raised', 'cleared']),
});

/** Each event's `data`, for the API document (`x-webhooks`) and for receivers to rely on. */
export const WEBHOOK_EVENT_DATA: Record<WebhookEventType, { summary: string; data: z.ZodType }> = {
  'call.started': { summary: 'A call was placed and rings at the callee', data: CallEventData },
  'call.answered': { summary: 'The callee answered; billing starts', data: CallEventData },
  'call.ended': { summary: 'A call ended, with its reason and billing', data: CallEventData },
  'user.created': {
    summary: 'An account was created (app sign-up or console)',
    data: UserRef.extend({ email: z.string(), is_admin: z.boolean(), created_at: IsoDateTime }),
  },
  'user.suspended': {
    summary: 'A user was suspended',
    data: UserRef.extend({ reason: z.string(), until: IsoDateTime.nullable() }),
  },
  'user.deleted': { summary: 'A user was deleted', data: UserRef },
  'coins.credited': { summary: 'Coins were added to an account', data: CoinEventData },
  'coins.reversed': { summary: 'A ledger entry was reversed', data: CoinEventData },
  'purchase.credited': { summary: 'A verified purchase credited its coins', data: Purchase },
  'purchase.failed': {
    summary: 'A purchase was refused (a proof that does not match the package paid for)',
    data: Purchase,
  },
  'purchase.refunded': { summary: 'A purchase was refunded and its coins reversed', data: Purchase },
  'purchase.disputed': {
    summary: 'A purchase was disputed at the provider and its coins reversed',
    data: Purchase,
  },
  'report.created': { summary: 'An app user reported another user', data: ReportEventData },
  'report.resolved': { summary: 'An admin resolved or dismissed a report', data: ReportEventData },
  'alert.raised': { summary: 'A monitoring rule started to hold', data: AlertEventData },
  'alert.cleared': { summary: 'A monitoring rule stopped holding', data: AlertEventData },
  'security.event': {
    summary: 'A security event was recorded (a repeat folded into an open one is not sent again)',
    data: z.object({
      id: z.number().int(),
      event_type: z.string(),
      severity: z.string(),
      description: z.string(),
      ip_address: z.string().nullable(),
      user_id: z.string().nullable(),
      username: z.string().nullable(),
      created_at: IsoDateTime,
    }),
  },
};
