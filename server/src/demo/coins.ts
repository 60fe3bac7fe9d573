import type { COIN_TRANSACTION_TYPES } from '@switchboard/contract/coins';
import { CALL_TYPES } from '../db/schema/calls.ts';
import { coinTransactions } from '../db/schema/coins.ts';
import { rebuildAccountsFromLedger } from '../modules/coins/coins.repository.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import { Kind, LEDGER_TEXT, type LedgerVariant, SPLIT } from './coin-texts.ts';
import type { DemoCalls } from './demo-calls.ts';
import { type DemoUsers, pickOtherUser, pickUser } from './demo-users.ts';
import { DAY, MINUTE, orderByTime, rhythmTime } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type TransactionType = (typeof COIN_TRANSACTION_TYPES)[number];
const PACKS = new Weighted([
  [100, 30],
  [250, 30],
  [500, 22],
  [1000, 12],
  [2500, 6],
] as const);

/**
 * The coin ledger. Events (sign-up bonus, paid calls, purchases, rewards, bonuses, transfers
 * between users, purchases in the app, penalties) are drawn, sorted by time and replayed with
 * every balance in memory: a spend the balance cannot cover is dropped, a transfer moves what
 * the sender has, a penalty takes at most the balance. So balance_after is each user's running
 * sum and never negative, and the coin accounts are set from the ledger at the end.
 */
export async function seedCoinLedger(input: StageInput, users: DemoUsers, calls: DemoCalls): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'coins');
  const target = counts.coinTransactions;

  const paidCalls: number[] = [];
  for (let p = 0; p < calls.count; p++)
    if (calls.coins[p] && (calls.caller[p] as number) >= 0) paidCalls.push(p);
  const callShare = Math.min(1, (0.38 * target) / Math.max(1, paidCalls.length));
  const chargedCalls = paidCalls.filter(() => rng.chance(callShare));
  const rest = Math.max(0, target - users.count - chargedCalls.length);
  const drawn = SPLIT.map(([kind, share]) => [kind, Math.round(rest * share)] as const);
  const total = users.count + chargedCalls.length + drawn.reduce((sum, [, n]) => sum + n, 0);

  const time = new Float64Array(total);
  const user = new Int32Array(total);
  const kind = new Uint8Array(total);
  const amount = new Int32Array(total);
  const other = new Int32Array(total).fill(-1);
  const variant = new Uint8Array(total);
  let e = 0;
  for (let u = 0; u < users.count; u++, e++) {
    time[e] = (users.createdAt[u] as number) + MINUTE;
    user[e] = u;
    kind[e] = Kind.Signup;
    amount[e] = 100;
  }
  for (const p of chargedCalls) {
    time[e] = calls.endedAt[p] as number;
    user[e] = calls.caller[p] as number;
    kind[e] = Kind.Call;
    amount[e] = calls.coins[p] as number;
    other[e] = p;
    e++;
  }
  for (const [k, n] of drawn) {
    for (let i = 0; i < n; i++, e++) {
      let t = 0;
      let u = -1;
      while (u < 0) {
        t = rhythmTime(rng, now - 180 * DAY, now - MINUTE);
        u = pickUser(rng, users, t);
      }
      time[e] = t;
      user[e] = u;
      kind[e] = k;
      const variants = LEDGER_TEXT[k].variants;
      variant[e] = rng.below(variants.length);
      const chosen = variants[variant[e] as number] as LedgerVariant;
      amount[e] = k === Kind.Purchase ? PACKS.pick(rng) : rng.int(chosen.range[0], chosen.range[1]);
      if (k === Kind.Transfer || chosen.needsOther) other[e] = pickOtherUser(rng, users, t, u);
    }
  }

  // Replay in time order: each event becomes zero, one or (a transfer) two ledger rows.
  const order = orderByTime(time);
  const balance = new Float64Array(users.count);
  const outEvent = new Int32Array(total * 2);
  const outUser = new Int32Array(total * 2);
  const outAmount = new Int32Array(total * 2);
  const outBalance = new Float64Array(total * 2);
  let rows = 0;
  const emit = (event: number, u: number, delta: number) => {
    balance[u] = (balance[u] as number) + delta;
    outEvent[rows] = event;
    outUser[rows] = u;
    outAmount[rows] = delta;
    outBalance[rows] = balance[u] as number;
    rows++;
  };
  for (const ev of order) {
    const u = user[ev] as number;
    const a = amount[ev] as number;
    const have = balance[u] as number;
    const k = kind[ev] as Kind;
    if (LEDGER_TEXT[k].sign > 0) emit(ev, u, a);
    else if (k === Kind.Transfer) {
      const sent = Math.min(a, Math.floor(have / 2));
      if (sent < 5 || (other[ev] as number) < 0) continue;
      emit(ev, u, -sent);
      emit(ev, other[ev] as number, sent);
    } else if (k === Kind.Penalty) {
      if (Math.min(a, have) > 0) emit(ev, u, -Math.min(a, have));
    } else if (have >= a) emit(ev, u, -a);
  }

  const userId = (u: number) => (u < 0 ? null : (users.ids[u] as string));
  const username = (u: number) => (u < 0 ? 'someone' : (users.usernames[u] as string));
  await insertInBatches(
    input.tx,
    coinTransactions,
    rows,
    (r) => {
      const ev = outEvent[r] as number;
      const k = kind[ev] as Kind;
      const delta = outAmount[r] as number;
      const text = LEDGER_TEXT[k];
      const v = text.variants[variant[ev] as number] ?? text.variants[0];
      let description: string;
      let referenceType: string | null = v?.referenceType ?? null;
      let referenceId: string | null = null;
      if (k === Kind.Call) {
        const p = other[ev] as number;
        const minutes = Math.ceil((calls.duration[p] as number) / 60);
        const kindName = CALL_TYPES[calls.type[p] as number] as string;
        description = `${kindName[0]?.toUpperCase()}${kindName.slice(1)} call with @${username(calls.callee[p] as number)} (${minutes} min)`;
        referenceId = String(calls.ids[p]);
      } else if (k === Kind.Transfer) {
        const counterpart = delta < 0 ? (other[ev] as number) : (user[ev] as number);
        description = `Transfer ${delta < 0 ? 'to' : 'from'} @${username(counterpart)}`;
        referenceId = `tr_${ev.toString(36)}`;
      } else {
        description = (v?.text ?? '')
          .replace('@other', `@${username(other[ev] as number)}`)
          .replace('{amount}', String(Math.abs(delta)));
        if (referenceType === 'purchase')
          referenceId = `pay_${(Math.imul(ev + 1, 0x9e3779b1) >>> 0).toString(36)}`;
        if (referenceType === 'user') referenceId = userId(other[ev] as number);
        if (referenceId === null) referenceType = null;
      }
      return {
        userId: userId(outUser[r] as number),
        username: username(outUser[r] as number),
        amount: delta,
        transactionType: text.type as TransactionType,
        description,
        balanceAfter: outBalance[r] as number,
        referenceId,
        referenceType,
        idempotencyKey: null,
        createdBy: v?.byAdmin ? (users.admins[ev % users.admins.length]?.id ?? null) : null,
        createdAt: new Date(time[ev] as number),
      };
    },
    { progress: (done) => input.progress(done, rows) },
  );

  // The accounts come from the ledger itself, so they agree with it by construction.
  await rebuildAccountsFromLedger(input.tx);
  return rows;
}
