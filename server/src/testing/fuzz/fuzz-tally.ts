/** What a fuzz run sent and what came back, for the summary it prints at the end. */
export class FuzzTally {
  readonly failures: string[] = [];
  requests = 0;
  private readonly started = performance.now();
  private readonly cpuAtStart = process.cpuUsage();
  private readonly statuses = new Map<string, number>();
  private readonly perOperation = new Map<string, number>();
  private operationsDone = 0;

  constructor(
    private readonly runsPerOperation: number,
    private readonly seed: number,
    /** Where a line per finished operation goes (the full profile's progress), if anywhere. */
    private readonly progress?: (line: string) => void,
  ) {}

  /** One answer of the operation being fuzzed. */
  answered(operation: string, status: number): void {
    this.requests += 1;
    this.perOperation.set(operation, (this.perOperation.get(operation) ?? 0) + 1);
    // 429 apart from the other 4xx: a case refused by a budget never reached the route's own checks.
    const group = status === 429 ? '429' : `${Math.floor(status / 100)}xx`;
    this.statuses.set(group, (this.statuses.get(group) ?? 0) + 1);
  }

  failed(problem: string): void {
    this.failures.push(problem);
    // At once, not only in the summary: a long run stopped before its end still tells what it found.
    this.progress?.(`FAILED ${problem}`);
  }

  operationDone(operation: string, of: number): void {
    this.operationsDone += 1;
    this.progress?.(
      `[${this.operationsDone}/${of}] ${operation}: ${this.sentTo(operation)} requests; ${this.requests} in ${this.seconds().toFixed(0)} s, ${this.failures.length} failures so far`,
    );
  }

  sentTo(operation: string): number {
    return this.perOperation.get(operation) ?? 0;
  }

  /** The fewest requests any of these operations was sent. */
  fewestSent(operations: readonly string[]): number {
    return Math.min(...operations.map((op) => this.sentTo(op)));
  }

  private seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  summary(operations: readonly string[], shards: number): string {
    const seconds = this.seconds();
    const cpu = process.cpuUsage(this.cpuAtStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const classes = [...this.statuses.entries()].sort().map(([k, v]) => `${k} ${v}`);
    return [
      'fuzz summary',
      `  operations:   ${operations.length} (${this.runsPerOperation} runs each, fewest sent ${this.fewestSent(operations)}; seed ${this.seed})`,
      `  requests:     ${this.requests}`,
      `  by status:    ${classes.join(', ')} (4xx: other than 429)`,
      `  failures:     ${this.failures.length}`,
      `  duration:     ${seconds.toFixed(1)} s over ${shards} server cop${shards === 1 ? 'y' : 'ies'}`,
      `  rate:         ${(this.requests / seconds).toFixed(0)} requests/s`,
      // The machine may be shared: the processor time this process (database threads included) used.
      `  cpu:          ${(cpuSeconds).toFixed(1)} s (${((cpuSeconds * 1000) / Math.max(1, this.requests)).toFixed(2)} ms a request)`,
    ].join('\n');
  }
}
