// The setup funnel under simulated calls (issue #49): the simulator's app users place BENCH_SETUP_CALLS
// (1,000) calls through the server's `/app` namespace, as `npm start`'s demo traffic does, and the bench
// reads back each call's funnel from Call Details' inspection and reports, per setup step, how many calls
// reached it and the p50 and p95 of its time from the step before, by the same rule as Analytics
// (`setupPercentilesByHour` in server/src/modules/calls/call-funnel.repository.ts: a step's earliest time
// on either side, measured from the previous step the call reached). The signalling steps (ringing,
// answered, offer, answer) are real round trips through the server; ICE and first media follow the
// simulator's network model (server/src/simulator/call-setup.ts) plus the server's handling of the reports.
import {
  CALL_SETUP_STEPS,
  type CallInspection,
  type CallSetupStep,
} from '@switchboard/contract/call-inspector';
import { startSimulation } from '../server/src/simulator/simulation.ts';

/** The users' name prefix is `sim_<seed>_`: a seed of its own keeps these calls apart from any other traffic. */
const SEED = 49;
/** Enough users that most call attempts find two idle ones, at a few calls a second. */
const USERS = 120;
const RATE_PER_SECOND = 8;
/** Short talks, so the run is mostly setups. */
const TALK_MEDIAN_SECONDS = 2;
const INSPECTIONS_AT_ONCE = 8;

export interface SetupStepFigure {
  step: CallSetupStep;
  /** Calls that reached the step (an unanswered call stops at ringing). */
  calls: number;
  p50Ms: number;
  p95Ms: number;
}

export interface SetupFunnelResult {
  /** Calls whose funnels were read (the first BENCH_SETUP_CALLS the simulator placed). */
  calls: number;
  /** From the simulator's start to the last of those calls placed. */
  seconds: number;
  /** Errors the simulator met (sign-ins, refused events), and the last one. */
  simulatorErrors: number;
  lastError: string | null;
  steps: SetupStepFigure[];
}

type Get = <T>(path: string) => Promise<T>;

export async function runSetupFunnel(url: string, token: string, calls: number): Promise<SetupFunnelResult> {
  const get: Get = async (path) => {
    const res = await fetch(`${url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as never;
  };
  const search = `sim_${SEED}_`;
  const placed = async () =>
    (await get<{ data: { total: number } }>(`/admin/public/calls?search=${search}&limit=1`)).data.total;
  const started = Date.now();
  const simulation = startSimulation({
    url,
    users: USERS,
    rate: RATE_PER_SECOND,
    seed: SEED,
    onlineShare: 1,
    socialRate: 0,
    talkMedianSeconds: TALK_MEDIAN_SECONDS,
  });
  let seconds: number;
  let errors = 0;
  let lastError: string | null = null;
  try {
    let lastPrinted = 0;
    for (;;) {
      const count = await placed();
      if (count >= calls) break;
      if (Date.now() - lastPrinted > 15_000) {
        lastPrinted = Date.now();
        const s = simulation.stats();
        console.log(
          `  setup funnel: ${count}/${calls} calls placed, ${s.online} users online, ${s.errors} errors`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    seconds = (Date.now() - started) / 1000;
  } finally {
    // Read before the stop, whose hang-ups race the users going offline.
    ({ errors, lastError } = simulation.stats());
    await simulation.stop();
  }
  // Calls end within the ring time-out (30 s) and their setup reports are written at once; wait for the
  // last ones to settle before reading them.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const ids = await firstCalls(get, search, calls);
  const funnels = await inBatches(ids, INSPECTIONS_AT_ONCE, async (id) =>
    gapsOf((await get<{ data: CallInspection }>(`/admin/calls/${id}/inspection`)).data),
  );
  const steps = CALL_SETUP_STEPS.flatMap((step): SetupStepFigure[] => {
    const values = funnels.flatMap((gaps) => (gaps.has(step) ? [gaps.get(step) as number] : []));
    if (values.length === 0) return [];
    values.sort((a, b) => a - b);
    return [
      {
        step,
        calls: values.length,
        p50Ms: Math.round(percentile(values, 0.5)),
        p95Ms: Math.round(percentile(values, 0.95)),
      },
    ];
  });
  return { calls: ids.length, seconds, simulatorErrors: errors, lastError, steps };
}

/** The ids of the first `count` calls the simulator placed, oldest first. */
async function firstCalls(get: Get, search: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: { calls: { id: number }[]; next_cursor: string | null } } = await get(
      `/admin/public/calls?search=${search}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    ids.push(...page.data.calls.map((call) => call.id));
    cursor = page.data.next_cursor;
  } while (cursor);
  return ids.sort((a, b) => a - b).slice(0, count);
}

/** Each step's time from the previous step the call reached, as Analytics measures it. */
function gapsOf(inspection: CallInspection): Map<CallSetupStep, number> {
  const earliest = new Map<CallSetupStep, number>();
  for (const { step, after_invite_ms } of inspection.funnel) {
    if (step === 'ice_failed' || after_invite_ms === null) continue;
    earliest.set(step, Math.min(earliest.get(step) ?? Number.POSITIVE_INFINITY, after_invite_ms));
  }
  const gaps = new Map<CallSetupStep, number>();
  let previous: number | null = null;
  for (const step of CALL_SETUP_STEPS) {
    const at = earliest.get(step);
    if (at === undefined) continue;
    if (previous !== null) gaps.set(step, Math.max(at - previous, 0));
    previous = at;
  }
  return gaps;
}

/** percentile_cont: linear between the two nearest ranks. */
function percentile(sorted: number[], q: number): number {
  const rank = (sorted.length - 1) * q;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (rank - low);
}

async function inBatches<T, R>(items: T[], size: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(each))));
  return results;
}

export function printSetupFunnel(result: SetupFunnelResult): void {
  console.log(
    `setup funnel over ${result.calls} simulated calls (placed in ${Math.round(result.seconds)} s; ` +
      `simulator errors ${result.simulatorErrors}${result.lastError ? `, last: ${result.lastError}` : ''}):`,
  );
  for (const s of result.steps)
    console.log(
      `  ${s.step.padEnd(14)} p95 ${String(s.p95Ms).padStart(6)} ms   p50 ${String(s.p50Ms).padStart(6)} ms   (${s.calls} calls)`,
    );
}
