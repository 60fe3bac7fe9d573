// The browser half of `npm run bench`: first-load bytes and Lighthouse scores of the pages an admin
// opens first, in Debian's Chromium. Lighthouse drives the same browser over its debugging port, so a
// page signed in through Playwright stays signed in for the audit (storage reset is off for that run).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, signIn } from '../e2e/support/browser.ts';
import { type FirstLoad, measureFirstLoad } from './first-load.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM;
const DEBUGGING_PORT = Number(process.env.BENCH_CDP_PORT ?? 8151);
const KB = 1000;

export interface PageTarget {
  path: string;
  signedIn: boolean;
  preset: 'mobile' | 'desktop';
  maxJsBytes: number;
  minPerformance: number;
  minAccessibility: number;
}

export const PAGE_TARGETS: PageTarget[] = [
  {
    path: '/',
    signedIn: false,
    preset: 'mobile',
    maxJsBytes: 150 * KB,
    minPerformance: 95,
    minAccessibility: 100,
  },
  {
    path: '/login',
    signedIn: false,
    preset: 'mobile',
    maxJsBytes: 150 * KB,
    minPerformance: 95,
    minAccessibility: 100,
  },
  {
    path: '/users',
    signedIn: true,
    preset: 'desktop',
    maxJsBytes: 250 * KB,
    minPerformance: 90,
    minAccessibility: 100,
  },
];

export interface PageResult {
  target: PageTarget;
  firstLoad: FirstLoad;
  performance: number | null;
  accessibility: number | null;
  /** Audits below a perfect score in the accessibility category, to say what to fix. */
  accessibilityFailures: string[];
  lcpMs: number | null;
  tbtMs: number | null;
}

export async function auditPages(baseUrl: string, targets = PAGE_TARGETS): Promise<PageResult[]> {
  const profile = mkdtempSync(join(tmpdir(), 'switchboard-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-extensions', `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const results: PageResult[] = [];
    for (const signedIn of [false, true]) {
      const group = targets.filter((t) => t.signedIn === signedIn);
      if (group.length === 0) continue;
      if (signedIn) await signInOnce(context, baseUrl);
      for (const target of group) results.push(await auditPage(context, baseUrl, target));
    }
    return results;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function signInOnce(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await signIn(page, baseUrl);
  await page.close();
}

async function auditPage(context: BrowserContext, baseUrl: string, target: PageTarget): Promise<PageResult> {
  const firstLoad = await measureFirstLoad(context, baseUrl, target.path);
  const runner = await lighthouse(
    `${baseUrl}${target.path}`,
    {
      port: DEBUGGING_PORT,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: target.signedIn,
    },
    target.preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = runner?.lhr;
  if (lhr) {
    const reports = new URL('./results/', import.meta.url);
    mkdirSync(reports, { recursive: true });
    const name = `lighthouse-${target.path.replace(/\W+/g, '') || 'landing'}.json`;
    writeFileSync(new URL(name, reports), JSON.stringify(lhr));
  }
  const score = (id: string) => {
    const value = lhr?.categories[id]?.score;
    return value == null ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => {
    const value = lhr?.audits[id]?.numericValue;
    return value == null ? null : Math.round(value);
  };
  const accessibilityFailures = (lhr?.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr?.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id}${failingNodes(audit?.details)}`);
  return {
    target,
    firstLoad,
    performance: score('performance'),
    accessibility: score('accessibility'),
    accessibilityFailures,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
  };
}

/** The first few elements an audit flagged, e.g. which text fails colour contrast. */
function failingNodes(details: unknown): string {
  const items = (details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
  const snippets = items.flatMap((item) => (item.node?.snippet ? [item.node.snippet.slice(0, 120)] : []));
  return snippets.length > 0 ? ` (${snippets.slice(0, 4).join(' | ')})` : '';
}
