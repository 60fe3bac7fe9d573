/** wapiti's JSON report, as far as the verdict needs it: findings by category, each with a level. */

interface Finding {
  level?: number | string;
  method?: string;
  path?: string;
  info?: string;
  parameter?: string;
}

export interface WapitiFindings {
  /** High (3) or critical (4): these fail the run. */
  high: string[];
  /** Anomalies that are 5xx answers: the server must never give one. */
  serverErrors: string[];
  /** Low and medium (missing headers and the like): printed, not failing. */
  lower: string[];
}

export function wapitiFindings(report: {
  vulnerabilities?: Record<string, Finding[]>;
  anomalies?: Record<string, Finding[]>;
}): WapitiFindings {
  const out: WapitiFindings = { high: [], serverErrors: [], lower: [] };
  const describe = (category: string, f: Finding) =>
    `${category}: ${f.method ?? ''} ${f.path ?? ''}${f.parameter ? ` (${f.parameter})` : ''} ${f.info ?? ''}`.trim();
  for (const [category, list] of Object.entries(report.vulnerabilities ?? {})) {
    for (const f of list) (Number(f.level ?? 0) >= 3 ? out.high : out.lower).push(describe(category, f));
  }
  for (const [category, list] of Object.entries(report.anomalies ?? {})) {
    for (const f of list) {
      if (/internal server error/i.test(category)) out.serverErrors.push(describe(category, f));
      else out.lower.push(describe(category, f));
    }
  }
  return out;
}
