import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface SystemReading {
  cpuUsage: number;
  processCpu: number;
  memoryUsage: number;
  processMemoryMb: number;
  diskUsage: number;
  eventLoopDelayMs: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/** The nearest existing directory, so a data directory not created yet still names its file system. */
function existingDir(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** CPU (system and this process) as shares of every core since the previous reading, memory, disk, event-loop delay. */
export function createSystemSampler(dataDir: string) {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let lastCpu = cpuTimes();
  let lastProcess = process.cpuUsage();
  let lastAt = process.hrtime.bigint();
  const cores = Math.max(1, cpus().length);

  return {
    async read(): Promise<SystemReading> {
      const nowCpu = cpuTimes();
      const nowProcess = process.cpuUsage();
      const nowAt = process.hrtime.bigint();
      const totalDelta = nowCpu.total - lastCpu.total;
      const cpuUsage = totalDelta > 0 ? (1 - (nowCpu.idle - lastCpu.idle) / totalDelta) * 100 : 0;
      const elapsedUs = Number(nowAt - lastAt) / 1000;
      const processUs = nowProcess.user - lastProcess.user + nowProcess.system - lastProcess.system;
      const processCpu = elapsedUs > 0 ? (processUs / (elapsedUs * cores)) * 100 : 0;
      lastCpu = nowCpu;
      lastProcess = nowProcess;
      lastAt = nowAt;

      let diskUsage = 0;
      try {
        const fs = await statfs(existingDir(dataDir));
        diskUsage = fs.blocks > 0 ? ((fs.blocks - fs.bfree) / fs.blocks) * 100 : 0;
      } catch {
        diskUsage = 0;
      }
      const eventLoopDelayMs = Number.isFinite(loop.percentile(99)) ? loop.percentile(99) / 1e6 : 0;
      loop.reset();
      return {
        cpuUsage: round1(Math.min(100, Math.max(0, cpuUsage))),
        processCpu: round1(Math.min(100, Math.max(0, processCpu))),
        memoryUsage: round1((1 - freemem() / totalmem()) * 100),
        processMemoryMb: round1(process.memoryUsage().rss / 1024 / 1024),
        diskUsage: round1(diskUsage),
        eventLoopDelayMs: round1(eventLoopDelayMs),
      };
    },
    stop: () => loop.disable(),
  };
}

export type SystemSampler = ReturnType<typeof createSystemSampler>;
