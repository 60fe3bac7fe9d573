import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter that ends the run with the files that took longest, so a slow `npm test` shows
 * where its time went. A file's time is its import (with the setup files) plus its tests and hooks;
 * with several workers the files overlap, so the times add up to more than the run's duration.
 */
export class SlowestTestFiles implements Reporter {
  constructor(private readonly count = 10) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      const imports = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
      const project = module.project.name ? `${module.project.name} ` : '';
      return { name: `${project}${module.relativeModuleId}`, imports, total: imports + d.duration };
    });
    const slowest = timed.sort((a, b) => b.total - a.total).slice(0, this.count);
    if (slowest.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = slowest.map(
      (file) => `  ${seconds(file.total).padStart(8)}  ${file.name} (import ${seconds(file.imports)})`,
    );
    console.log(`\n The ${slowest.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
