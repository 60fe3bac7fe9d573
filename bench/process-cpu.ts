// A process's CPU time, read from outside it (/proc), so the bench can say what a request costs the
// server without the server measuring itself.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One reading: per thread, ns on a CPU (schedstat); and the whole process in clock ticks (stat). */
export interface CpuReading {
  threadsNs: Map<string, number>;
  processTicks: number;
}

export interface CpuSpent {
  ns: number;
  /** schedstat: ns, summed over the threads; stat: the process's utime+stime, in clock ticks (10 ms). */
  source: 'schedstat' | 'stat';
}

const CLOCK_TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export function readCpu(pid: number): CpuReading {
  const threadsNs = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      // "<ns on a CPU> <ns waiting for one> <timeslices>"
      threadsNs.set(tid, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  // The command may hold spaces and parentheses: fields are counted after its closing one.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
  return { threadsNs, processTicks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * CPU spent between two readings. The threads' schedstat is precise to the ns but misses a thread that
 * ended in between (or came and went); the process's tick count keeps ended threads' time, to a tick.
 * The ticks are taken when schedstat lost a thread or falls short of them by more than two ticks.
 */
export function cpuBetween(before: CpuReading, after: CpuReading): CpuSpent {
  const tickNs = 1e9 / CLOCK_TICKS_PER_SECOND;
  const byTicks = (after.processTicks - before.processTicks) * tickNs;
  let ns = 0;
  for (const [tid, spent] of after.threadsNs) ns += spent - (before.threadsNs.get(tid) ?? 0);
  const lost = [...before.threadsNs.keys()].some((tid) => !after.threadsNs.has(tid));
  return lost || byTicks - ns > 2 * tickNs ? { ns: byTicks, source: 'stat' } : { ns, source: 'schedstat' };
}

/** Runs `work` and gives the CPU the process `pid` spent meanwhile. */
export async function cpuDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; cpu: CpuSpent }> {
  const before = readCpu(pid);
  const value = await work();
  return { value, cpu: cpuBetween(before, readCpu(pid)) };
}
